// Page numbers from the URL, and the arithmetic of a paginated list.
export const PAGE_SIZE = 25;

export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1;
}

export interface Paginated<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * One page of a list queried with its total on every row (`count(*) over ()`),
 * as a Paginated. A page past the end has no rows to carry the total:
 * `countAll` is asked then.
 */
export async function pageOf<Row extends { total: number }>(
  rows: Row[],
  page: number,
  countAll: () => Promise<number>,
): Promise<Paginated<Omit<Row, "total">>> {
  const total = rows[0]?.total ?? (page > 1 ? await countAll() : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total, page, pageCount: pageCount(total) };
}
