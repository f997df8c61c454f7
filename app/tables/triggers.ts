// The triggers each table's declaration (declare.ts) asks of the database, and
// what a migrated database lacks of them: `npm run db:generate` writes that
// into the migration (scripts/db-generate.ts), and tables.test.ts fails while a
// migrated database and the declarations differ. The functions they call are
// the migrations' own: set_updated_at() (0001), record_history() and
// record_history_inserts() (0015, 0024), publish_change() (0018, 0025).
import { getTableName } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import type { TableDeclaration } from "./declare";
import { DECLARED, keyColumns, liveEvent, owners } from "./declared";

/** A trigger as pg_trigger describes it. */
export interface TableTrigger {
  name: string;
  table: string;
  function: string;
  args: string[];
  /** pg_trigger.tgtype: 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate. */
  type: number;
  deferred: boolean;
  /** The statement's transition table of new rows, if it has one. */
  newTable: string | null;
}

const FUNCTIONS = ["set_updated_at", "record_history", "record_history_inserts", "publish_change"];

/** What READ_TRIGGERS answers, per row: the triggers of those functions on the current schema's tables. */
export const READ_TRIGGERS = `
  select t.tgname as name, c.relname as "table", p.proname as "function", encode(t.tgargs, 'escape') as args,
    t.tgtype::int as type, t.tginitdeferred as deferred, t.tgnewtable as "newTable"
  from pg_trigger t
  join pg_class c on c.oid = t.tgrelid
  join pg_namespace n on n.oid = c.relnamespace
  join pg_proc p on p.oid = t.tgfoid
  where n.nspname = current_schema() and not t.tgisinternal
    and p.proname in (${FUNCTIONS.map((name) => `'${name}'`).join(", ")})
  order by c.relname, t.tgname`;

/** A row of READ_TRIGGERS as a TableTrigger (tgargs: each argument followed by a zero byte, '\000' escaped). */
export function readTrigger(row: Omit<TableTrigger, "args"> & { args: string }): TableTrigger {
  return { ...row, args: row.args.split("\\000").slice(0, -1) };
}

const ROW = 1;
const BEFORE = 2;
const INSERT = 4;
const DELETE = 8;
const UPDATE = 16;
const TRUNCATE = 32;

/** The triggers one declaration asks for. */
export function triggersOf(declaration: TableDeclaration): TableTrigger[] {
  const table = getTableName(declaration.table);
  const trigger = (name: string, fn: string, args: string[], type: number, more: Partial<TableTrigger> = {}) => ({
    name: `${table}_${name}`,
    table,
    function: fn,
    args,
    type,
    deferred: false,
    newTable: null,
    ...more,
  });
  const triggers: TableTrigger[] = [];
  // The edit forms' version token is bumped by the database, whoever writes the row (0001).
  if (getTableConfig(declaration.table).columns.some((column) => column.name === "updated_at")) {
    triggers.push(trigger("set_updated_at", "set_updated_at", [], ROW | BEFORE | UPDATE));
  }
  if (declaration.signal) {
    const args = [declaration.signal, keyColumns(declaration.table)[0]!, "internal"];
    triggers.push(trigger("changes", "publish_change", args, ROW | DELETE, { deferred: true }));
  }
  if (declaration.notRecord) return triggers;
  if (declaration.history === true) {
    const ownerList = owners(declaration)
      .map((owner) => `${owner.kind}:${owner.column}`)
      .join(",");
    const key = keyColumns(declaration.table).join(",");
    const ignored = (declaration.ignore ?? []).map((column) => column.name).join(",");
    triggers.push(trigger("history", "record_history", [ownerList, key, ignored], ROW | UPDATE | DELETE));
    triggers.push(
      trigger("history_inserts", "record_history_inserts", [ownerList, key], INSERT, { newTable: "inserted_rows" }),
    );
  }
  // Every committed write is news to staff's open pages (at commit, once per record); a table a
  // public page reads moves the render cache's content version too.
  const live = liveEvent(declaration);
  const args = [live.kind, live.column, declaration.public ? "public" : "private"];
  triggers.push(trigger("changes", "publish_change", args, ROW | INSERT | UPDATE | DELETE, { deferred: true }));
  triggers.push(trigger("changes_truncate", "publish_change", args, TRUNCATE));
  return triggers;
}

/** Every trigger the declarations ask for. */
export function declaredTriggers(): TableTrigger[] {
  return [...DECLARED.values()].flatMap(triggersOf);
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

function createSql(t: TableTrigger): string {
  const events = [
    [INSERT, "INSERT"],
    [UPDATE, "UPDATE"],
    [DELETE, "DELETE"],
    [TRUNCATE, "TRUNCATE"],
  ]
    .filter(([bit]) => t.type & (bit as number))
    .map(([, word]) => word)
    .join(" OR ");
  const call = `EXECUTE FUNCTION ${t.function}(${t.args.map(quote).join(", ")})`;
  const on = `${t.type & BEFORE ? "BEFORE" : "AFTER"} ${events} ON "${t.table}"`;
  const level = t.type & ROW ? "FOR EACH ROW" : "FOR EACH STATEMENT";
  if (t.deferred) return `CREATE CONSTRAINT TRIGGER "${t.name}" ${on} DEFERRABLE INITIALLY DEFERRED ${level} ${call};`;
  const transition = t.newTable ? ` REFERENCING NEW TABLE AS ${t.newTable}` : "";
  return `CREATE TRIGGER "${t.name}" ${on}${transition} ${level} ${call};`;
}

const same = (a: TableTrigger, b: TableTrigger) =>
  a.table === b.table &&
  a.function === b.function &&
  a.type === b.type &&
  a.deferred === b.deferred &&
  a.newTable === b.newTable &&
  a.args.join("\u0000") === b.args.join("\u0000");

/**
 * The statements that make a database with these triggers match the declarations: drop what
 * no declaration asks for (or asks for otherwise), create what is missing. Empty when they match.
 */
export function triggerPlan(actual: TableTrigger[], wanted = declaredTriggers()): string[] {
  const key = (t: TableTrigger) => `${t.table}.${t.name}`;
  const want = new Map(wanted.map((t) => [key(t), t]));
  const have = new Map(actual.map((t) => [key(t), t]));
  const drops = actual
    .filter((t) => !want.has(key(t)) || !same(t, want.get(key(t))!))
    .map((t) => `DROP TRIGGER "${t.name}" ON "${t.table}";`);
  const creates = wanted.filter((t) => !have.has(key(t)) || !same(t, have.get(key(t))!)).map(createSql);
  return [...drops, ...creates];
}
