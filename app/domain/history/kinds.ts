// The kinds of record whose history is kept, as the activity list's filter and
// the History panels name them (shared with the browser).

/** Kinds of record, by the `kind` the history trigger writes (drizzle/0015…), plus accounts (the audit trail). */
export const RECORD_KINDS = {
  client: "Clients",
  contact: "Contacts",
  project: "Projects",
  option: "Playground options",
  gallery: "Galleries",
  contract: "Contracts",
  "industry-type": "Industry types",
  inquiry: "Inquiries",
  "share-link": "Share links",
  settings: "Company settings",
  account: "Accounts",
} as const;

export type RecordKind = keyof typeof RECORD_KINDS;

export const isRecordKind = (value: string): value is RecordKind => Object.hasOwn(RECORD_KINDS, value);

/** One of each kind, as a sentence names it ("client", "playground option"). */
export const KIND_NOUNS: Record<RecordKind, string> = {
  client: "client",
  contact: "contact",
  project: "project",
  option: "playground option",
  gallery: "gallery",
  contract: "contract",
  "industry-type": "industry type",
  inquiry: "inquiry",
  "share-link": "share link",
  settings: "company settings",
  account: "account",
};

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
