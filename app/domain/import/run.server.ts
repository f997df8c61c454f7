// Carrying out an import's plan: one transaction (decision 0076) that writes
// the batch (import_batches) and every record, each history row marked with the
// batch (the history's batch_id), so undoImport() takes it back whole. If any
// statement fails, nothing was written: no record, no history, no batch.
// Everything that reads (parsing, checking, matching) was done before, in the
// plan; the transaction holds only set-based writes of 500 records each, and
// lets the event loop run between them (the progress the page polls).
import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isUniqueViolation } from "~/.server/db/errors";
import { type Actor, withHistoryScope } from "~/.server/db/history-scope";
import { allowLongStatements } from "~/.server/db/long-statements";
import { logger } from "~/.server/logger";
import { InvalidInputError } from "../errors";
import type { ImportPlan, Planned } from "./plan.server";

export const IMPORT_CHUNK = 500;

export interface ImportOutcome {
  batchId: string;
  created: number;
  updated: number;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `rows` as a table `v` with these columns (name → SQL type) for one set-based statement. */
function recordset(rows: Record<string, unknown>[], columns: Record<string, string>): SQL {
  const defs = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(", ");
  return sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(${sql.raw(defs)})`;
}

const FIELD_TYPES: Record<string, string> = {
  name: "text",
  industry_type: "text",
  location: "text",
  website: "text",
  notes: "text",
  email: "text",
  phone: "text",
  title: "text",
  project_name: "text",
  status: "text",
  end_date: "date",
  description: "text",
};

function rowOf(record: Planned, extra: Record<string, unknown> = {}) {
  return {
    ...Object.fromEntries(Object.entries(record.values).map(([k, v]) => [snake(k), v])),
    ...extra,
  };
}

/** Inserts `records` into `table`; returns how many. */
async function insertAll(tx: Tx, table: string, fields: string[], rows: Record<string, unknown>[], returning = sql``) {
  if (!rows.length) return [];
  const types = Object.fromEntries(fields.map((f) => [f, FIELD_TYPES[f] ?? "uuid"]));
  const list = sql.raw(fields.join(", "));
  const { rows: inserted } = await tx.execute<Record<string, string>>(
    sql`insert into ${sql.identifier(table)} (${list}) select ${list} from ${recordset(rows, types)} ${returning}`,
  );
  return inserted;
}

/** Updates the rows (by `id`) whose values differ; returns how many changed. */
async function updateAll(tx: Tx, table: string, fields: string[], rows: Record<string, unknown>[]) {
  if (!rows.length) return 0;
  const types = { id: "uuid", ...Object.fromEntries(fields.map((f) => [f, FIELD_TYPES[f] ?? "uuid"])) };
  const set = sql.raw(fields.map((f) => `${f} = v.${f}`).join(", "));
  const mine = sql.raw(fields.map((f) => `t.${f}`).join(", "));
  const theirs = sql.raw(fields.map((f) => `v.${f}`).join(", "));
  const { rows: changed } = await tx.execute(
    sql`update ${sql.identifier(table)} t set ${set}, updated_at = now() from ${recordset(rows, types)}
        where t.id = v.id and (${mine}) is distinct from (${theirs}) returning t.id`,
  );
  return changed.length;
}

const CLIENT_FIELDS = ["name", "industry_type", "location", "website", "notes"];
const CONTACT_FIELDS = ["name", "email", "phone"];
const PROJECT_FIELDS = ["title", "project_name", "status", "end_date", "description"];

function* chunks<T>(items: T[], size = IMPORT_CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes the plan as `actor`, reporting progress (0 to 1). Refused when the
 * plan has errors, or names new clients or industry types not confirmed.
 */
export async function runImport(
  plan: ImportPlan,
  options: {
    actor: Actor;
    fileName: string;
    createNew: boolean;
    /** The batch's id, when the caller must know it before the import commits (sessions.server.ts). */
    batchId?: string;
    onProgress?: (done: number) => void;
  },
): Promise<ImportOutcome> {
  if (plan.errors.length) throw new InvalidInputError("Fix the rows with errors first: nothing was imported.");
  if ((plan.newClients.length || plan.newIndustryTypes.length) && !options.createNew) {
    throw new InvalidInputError("Confirm creating the new clients and industry types, or fix their names.");
  }
  const { actor } = options;
  const batchId = options.batchId ?? randomUUID();
  const clientIds = new Map(plan.clientIds);
  let created = 0;
  let updated = 0;
  const steps: ((tx: Tx) => Promise<void>)[] = [];

  if (plan.newIndustryTypes.length) {
    steps.push(async (tx) => {
      const { rows } = await tx.execute(
        sql`insert into industry_types (name) select x from jsonb_array_elements_text(${JSON.stringify(plan.newIndustryTypes)}::jsonb) as t(x)
            on conflict (name) do nothing returning id`,
      );
      created += rows.length;
    });
  }
  const createdBy = { created_by: actor.id };
  for (const part of chunks(plan.clients)) {
    steps.push(async (tx) => {
      const fresh = part.filter((c) => !c.id);
      const inserted = await insertAll(
        tx,
        "clients",
        [...CLIENT_FIELDS, "created_by"],
        fresh.map((c) => rowOf(c, createdBy)),
        sql`returning id::text as id, lower(btrim(name)) as key`,
      );
      for (const row of inserted) clientIds.set(row.key!, row.id!);
      created += inserted.length;
      updated += await updateAll(
        tx,
        "clients",
        CLIENT_FIELDS,
        part.filter((c) => c.id).map((c) => rowOf(c, { id: c.id })),
      );
    });
  }
  if (plan.newClients.length) {
    for (const part of chunks(plan.newClients)) {
      steps.push(async (tx) => {
        const inserted = await insertAll(
          tx,
          "clients",
          ["name", "created_by"],
          part.map((name) => ({ name: name.trim(), ...createdBy })),
          sql`returning id::text as id, lower(btrim(name)) as key`,
        );
        for (const row of inserted) clientIds.set(row.key!, row.id!);
        created += inserted.length;
      });
    }
  }
  for (const part of chunks(plan.contacts)) {
    steps.push(async (tx) => {
      const withClient = (c: Planned) => rowOf(c, { client_id: clientIds.get(c.client!), id: c.id });
      const fresh = part.filter((c) => !c.id).map(withClient);
      if (fresh.length) {
        // Each new contact with its link to its client, as the contact form saves it.
        const types = Object.fromEntries([...CONTACT_FIELDS, "client_id"].map((f) => [f, FIELD_TYPES[f] ?? "uuid"]));
        const { rows } = await tx.execute(sql`with added as (
            insert into contacts (name, email, phone, client_id)
            select name, email, phone, client_id from ${recordset(fresh, types)} returning id, client_id)
          insert into client_contacts (client_id, contact_id) select client_id, id from added returning 1`);
        created += rows.length;
      }
      const old = part.filter((c) => c.id).map(withClient);
      if (!old.length) return;
      const links = recordset(old, { id: "uuid", client_id: "uuid" });
      if (plan.kind === "contacts") {
        // A contact moved to another client takes its link along (as the form does).
        await tx.execute(sql`delete from client_contacts cc using contacts c, ${links}
          where c.id = v.id and c.client_id <> v.client_id and cc.contact_id = c.id and cc.client_id = c.client_id`);
      }
      updated += await updateAll(
        tx,
        "contacts",
        plan.kind === "contacts" ? [...CONTACT_FIELDS, "client_id"] : CONTACT_FIELDS,
        old,
      );
      await tx.execute(sql`insert into client_contacts (client_id, contact_id) select v.client_id, v.id from ${links}
        on conflict do nothing`);
    });
  }
  for (const part of chunks(plan.projects)) {
    steps.push(async (tx) => {
      const withClient = (p: Planned) => rowOf(p, { client_id: clientIds.get(p.client!), id: p.id });
      const inserted = await insertAll(
        tx,
        "projects",
        [...PROJECT_FIELDS, "client_id", "created_by"],
        part.filter((p) => !p.id).map((p) => ({ ...withClient(p), ...createdBy })),
        sql`returning id`,
      );
      created += inserted.length;
      updated += await updateAll(
        tx,
        "projects",
        [...PROJECT_FIELDS, "client_id"],
        part.filter((p) => p.id).map(withClient),
      );
    });
  }

  try {
    // Its statements may take longer than a page's: the circuit breaker does not time them (decision 0090).
    await withHistoryScope(
      actor,
      () =>
        allowLongStatements(() =>
          db().transaction(async (tx) => {
            await withActor(tx);
            await tx.insert(schema.importBatches).values({
              id: batchId,
              kind: plan.kind,
              fileName: options.fileName.slice(0, 200),
              importedBy: actor.id,
              importedByName: actor.name,
            });
            for (const [index, step] of steps.entries()) {
              await step(tx);
              options.onProgress?.((index + 1) / steps.length);
              // The progress poll (and, on PostgreSQL, every other request) is answered between chunks.
              await yieldToOthers();
            }
            await tx.update(schema.importBatches).set({ created, updated }).where(eq(schema.importBatches.id, batchId));
          }),
        ),
      batchId,
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new InvalidInputError(
        "Someone saved a record with a name these rows use while the import ran: nothing was imported. Check the preview again.",
      );
    }
    throw error;
  }
  if (created >= ANALYZE_AFTER) await refreshStatistics();
  return { batchId, created, updated };
}

const ANALYZE_AFTER = 1000;

/**
 * A large import changes the tables' sizes by orders of magnitude; the
 * planner's statistics are refreshed at once (the embedded database has no
 * autovacuum to do it), or it keeps planning for the old sizes (a client
 * export scanning every contact for each client, say).
 */
async function refreshStatistics(): Promise<void> {
  try {
    await allowLongStatements(
      async () => await db().execute(sql`analyze industry_types, clients, contacts, client_contacts, projects`),
    );
  } catch (error) {
    logger().warn({ err: error }, "statistics not refreshed after an import");
  }
}
