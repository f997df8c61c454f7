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
