// What each table is to the app, declared once, beside the table: the kind of
// record its rows are (or belong to), how a row is named, the admin page a
// record lives on, whether a public page reads it, whether it keeps a history.
// Every table declares itself, a record's or not (the checks that every table
// is covered fail on one that does not). From the declarations:
// - `npm run db:generate` writes each table's triggers into the migration
//   (triggers.ts): the history (decision 0060), the live updates' events and,
//   for a table a public page reads, the render cache's content version
//   (decision 0057), and the updated_at stamp;
// - the history reads its tables, kinds, nouns and pages (domain/history), and
//   the access matrix its probes.
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

const DECLARED = Symbol.for("playfolio.table-declaration");

/** A kind of record: what the history, the activity list, live updates and presence call it. */
export interface RecordKindDeclaration<K extends string = string> {
  /** Its name in the history, live updates and presence: lower case and dashes ("industry-type"). */
  kind: K;
  /** One of them in a sentence ("playground option"). */
  noun: string;
  /** Many of them, as the activity list's filter names them ("Playground options"). */
  plural: string;
  /** The route id of its own admin page (app/route-declarations.ts): who may open it may take back its changes. */
  page: string;
  /** That page's address for one record, ":id" or another column's name filled from it ("/admin/gallery/:slug"); none when the page lists them all. */
  path?: string;
}

interface Rows {
  /** One row in a sentence ("image"); a record's is its kind's noun. */
  noun?: string;
  /** Its plural, when it is not the noun with an "s" ("galleries", "projects in the gallery"). */
  nouns?: string;
  /** The column naming one row, if any. */
  label?: AnyPgColumn;
  /** A link row is named by the record this column points at (a linked contact by the contact's name). */
  names?: AnyPgColumn;
  /** A public page reads it: every committed write moves the render cache's content version. */
  public: boolean;
  /** Columns whose changes are no history (a visitor opening a link counts it). */
  ignore?: readonly AnyPgColumn[];
  /** A timeline that is evidence: the history shows it, a revert never takes it back; why, in words. */
  kept?: string;
  /** The live updates' name for its changes, when it is not its record's (the notifications listen for a contract's timeline). */
  live?: string;
}

export interface TableDeclaration<K extends string = string> extends Rows {
  readonly [DECLARED]: true;
  table: PgTable;
  /** Its rows are records of this kind. */
  record?: RecordKindDeclaration<K>;
  /** Its rows belong to the record these columns name, the first that is not null (a project's images). */
  partOf?: readonly AnyPgColumn[];
  /** True, or why it keeps no history (then it is none of the history's tables). */
  history: true | string;
  /** Not a record: why. */
  notRecord?: string;
  /** Only its deletions are heard, by the servers alone, under this name (a session that ends). */
  signal?: string;
}

/** A table whose rows are records of a kind of their own (clients, projects). */
export function declareRecords<const K extends string>(
  table: PgTable,
  declaration: Rows &
    RecordKindDeclaration<K> & {
      /** Its history is kept in another record's (a share link's in its project's or gallery's). */
      partOf?: readonly AnyPgColumn[];
      /** Why it keeps no history of its own, if it keeps none (accounts: their audit trail). */
      noHistory?: string;
    },
): TableDeclaration<K> {
  const { kind, noun, plural, page, path, partOf, noHistory, ...rows } = declaration;
  return {
    [DECLARED]: true,
    table,
    record: { kind, noun, plural, page, path },
    partOf,
    history: noHistory ?? true,
    ...rows,
    noun,
  };
}

/** A table whose rows belong to another table's records (a project's images, a client's linked contacts). */
export function declareParts(
  table: PgTable,
  declaration: Rows & { of: readonly AnyPgColumn[]; noun: string },
): TableDeclaration<never> {
  const { of, ...rows } = declaration;
  return { [DECLARED]: true, table, partOf: of, history: true, ...rows };
}

/** A table whose rows are not records staff change (accounts' secrets, counters, live state), and why. */
export function declareNotRecords(
  table: PgTable,
  why: string,
  options: { signal?: string } = {},
): TableDeclaration<never> {
  return { [DECLARED]: true, table, public: false, history: why, notRecord: why, ...options };
}

export function isTableDeclaration(value: unknown): value is TableDeclaration {
  return typeof value === "object" && value !== null && DECLARED in value;
}
