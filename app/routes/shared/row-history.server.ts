// The History dialog of a list whose rows are edited in dialogs (playground
// options, industry types): `?history=<id>` names the row, and the list's
// loader sends that row's history with the list. An unknown id shows none.
import { recordHistoryEntries } from "~/domain/history/history.server";
import type { HistoryEntry, RecordKind } from "~/domain/history/kinds";

export interface RowHistory {
  id: string;
  name: string;
  entries: HistoryEntry[];
}

export async function rowHistory<Row extends { id: string }>(
  request: Request,
  kind: RecordKind,
  rows: Row[],
  name: (row: Row) => string,
): Promise<RowHistory | null> {
  const id = new URL(request.url).searchParams.get("history");
  const row = id ? rows.find((r) => r.id === id) : undefined;
  if (!row) return null;
  return { id: row.id, name: name(row), entries: await recordHistoryEntries(kind, row.id) };
}
