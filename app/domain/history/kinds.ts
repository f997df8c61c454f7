// The kinds of record whose history is kept, as the activity list's filter and
// the History panels name them (shared with the browser): each declared once,
// beside its table in app/tables.
import { KINDS, type RecordKind } from "~/tables/declared";

export type { RecordKind };

/** Kinds of record, as each table declares them (app/tables), with the activity filter's label, by label. */
export const RECORD_KINDS = Object.fromEntries(
  [...KINDS.values()].sort((a, b) => a.plural.localeCompare(b.plural)).map((kind) => [kind.kind, kind.plural]),
) as Record<RecordKind, string>;

export const isRecordKind = (value: string): value is RecordKind => KINDS.has(value as RecordKind);

/** One of each kind, as a sentence names it ("client", "playground option"). */
export const KIND_NOUNS = Object.fromEntries([...KINDS.values()].map((kind) => [kind.kind, kind.noun])) as Record<
  RecordKind,
  string
>;

/** An entry of a History panel or of the activity list: one save, one delete, one import. */
export interface HistoryEntry {
  /**
   * What the buttons send back: "tx:<id>:<kind>:<record>.<signature>" (keys.server.ts: a save's
   * ids can be counted, its signature cannot be made up), "batch:<id>" or "audit:<id>".
   */
  key: string;
  at: string;
  actor: string;
  /** "Changed", "Created", "Deleted", "Restored"… with what: one line. */
  summary: string;
  kind: RecordKind;
  /** The record's page while it exists. */
  href: string | null;
  changes: { field: string; before: string; after: string }[];
  /** What else the save did: "Added image "Slide"", "Removed linked contact "Ann"". */
  details: string[];
  /** What may be done with it now. */
  can: "revert" | "restore" | "undo-import" | null;
  /** Why not, when it cannot (shown as a hint). */
  why?: string;
}
