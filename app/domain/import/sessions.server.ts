// An import between its steps, in the database (import_sessions, decision
// 0099), so each step may land on any instance: the file's text (at most its
// 10 MB), its headers and a few examples, the mapping chosen and, once started,
// the import's state. Each is only its uploader's, kept an hour (a running
// import longer), at most MAX_SESSIONS_PER_PERSON per person (their oldest
// dropped); expired ones are deleted at each upload and daily.
//
// The import runs in the process that started it, one at a time per process.
// Its progress is written to the row (a poll on any instance reads it) and
// given to the caller's onProgress (the importer's live streams, wherever they
// are). Its batch id is chosen before it starts and the batch commits with the
// records (decision 0076): once the batch exists the import is done. A process
// that stops mid-way leaves a job that reads as cut short, nothing imported.
import { randomUUID } from "node:crypto";
import { and, eq, getTableColumns, gt, isNull, or, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import type { Actor } from "~/.server/db/history-scope";
import { logger } from "~/.server/logger";
import { isUuid } from "~/lib/uuid";
import { InvalidInputError, NotFoundError } from "../errors";
import { guessMapping, type ImportKind } from "./fields";
import { type CsvTable, csvText, readCsvText } from "./parse.server";
import { planImport } from "./plan.server";
import { type ImportOutcome, runImport } from "./run.server";

export type ImportJob =
  | { state: "running"; progress: number }
  | { state: "done"; progress: 1; outcome: ImportOutcome }
  | { state: "failed"; progress: number; message: string };

export interface ImportSession {
  id: string;
  userId: string;
  kind: ImportKind;
  fileName: string;
  headers: string[];
  /** A few values of each column (for the mapping step). */
  examples: string[];
  rowCount: number;
  /** One field key (or "") per column. */
  mapping: string[];
  job: ImportJob | null;
}

const KEEP = sql`interval '1 hour'`;
export const MAX_SESSIONS_PER_PERSON = 5;
/** How often a running import says it still runs, and when a silent one is taken for stopped. */
const HEARTBEAT_MS = 5_000;
const STALE = sql`interval '30 seconds'`;
/** This process, as the job it runs names it. */
const INSTANCE = randomUUID();
/** The import this process runs (one at a time). */
let running: { sessionId: string; batchId: string } | null = null;

export const EXPIRED = "This upload is no longer here (uploads are kept for an hour): upload the file again.";
export const CUT_SHORT = "The import was cut short (its server stopped): nothing was imported. Try again.";

const sessions = schema.importSessions;

/** Sessions past their hour (a running import's only once it has stopped saying it runs). */
function expired() {
  return and(
    sql`${sessions.createdAt} < now() - ${KEEP}`,
    or(sql`${sessions.jobState} is distinct from 'running'`, sql`${sessions.jobHeartbeatAt} < now() - ${STALE}`),
  );
}

export async function pruneImportSessions(): Promise<number> {
  return (await db().delete(sessions).where(expired()).returning({ id: sessions.id })).length;
}

function examplesOf(table: CsvTable): string[] {
  return table.headers.map((_, column) =>
    table.rows
      .slice(0, 5)
      .map((row) => row[column] ?? "")
      .filter(Boolean)
      .slice(0, 2)
      .join(", ")
      .slice(0, 80),
  );
}

/** Reads an uploaded file (refusing what is not a CSV table: ImportFileError) and keeps it for its uploader. */
export async function openImportSession(input: {
  userId: string;
  kind: ImportKind;
  fileName: string;
  bytes: Uint8Array;
}): Promise<{ id: string }> {
  const csv = csvText(input.bytes);
  const table = await readCsvText(csv);
  await pruneImportSessions();
  // The person's oldest beyond the cap (never a running import), counting the one added now.
  await db().execute(sql`delete from import_sessions where id in (
      select id from import_sessions where user_id = ${input.userId} and job_state is distinct from 'running'
      order by created_at desc offset ${MAX_SESSIONS_PER_PERSON - 1})`);
  const [row] = await db()
    .insert(sessions)
    .values({
      userId: input.userId,
      kind: input.kind,
      fileName: input.fileName.slice(0, 200),
      csv,
      headers: table.headers,
      examples: examplesOf(table),
      rowCount: table.rows.length,
      mapping: guessMapping(input.kind, table.headers),
    })
    .returning({ id: sessions.id });
  return row!;
}

const { csv: _csv, ...shown } = getTableColumns(sessions);

async function readSession(id: string, userId: string) {
  const [row] = await db()
    .select({
      ...shown,
      fresh: sql<boolean>`coalesce(${sessions.jobHeartbeatAt} > clock_timestamp() - ${STALE}, false)`,
      batch: { created: schema.importBatches.created, updated: schema.importBatches.updated },
    })
    .from(sessions)
    .leftJoin(schema.importBatches, eq(schema.importBatches.id, sessions.jobBatchId))
    .where(
      and(
        eq(sessions.id, id),
        eq(sessions.userId, userId),
        or(gt(sessions.createdAt, sql`now() - ${KEEP}`), eq(sessions.jobState, "running")),
      ),
    );
  return row;
}

/** The upload `id` of `userId` (NotFoundError with EXPIRED when gone, or someone else's). */
export async function importSession(id: string, userId: string): Promise<ImportSession> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = isUuid(id) ? await readSession(id, userId) : undefined;
    if (!row) break;
    const session = {
      id: row.id,
      userId: row.userId,
      kind: row.kind,
      fileName: row.fileName,
      headers: row.headers,
      examples: row.examples,
      rowCount: row.rowCount,
      mapping: row.mapping,
    };
    const progress = row.jobProgress;
    // The batch commits with the records: its row is the import's outcome, whatever the job says.
    if (row.batch && row.jobBatchId) {
      const outcome = { batchId: row.jobBatchId, created: row.batch.created, updated: row.batch.updated };
      return { ...session, job: { state: "done", progress: 1, outcome } };
    }
    if (row.jobState === null) return { ...session, job: null };
    if (row.jobState === "failed") return { ...session, job: { state: "failed", progress, message: row.jobMessage! } };
    if (row.jobState === "done") break; // its batch is gone: nothing left to show
    const alive = row.jobInstance === INSTANCE ? running?.batchId === row.jobBatchId : row.fresh;
    if (alive) return { ...session, job: { state: "running", progress } };
    // Its process stopped before the commit (the batch would exist): the transaction wrote nothing.
    const [cut] = await db()
      .update(sessions)
      .set({ jobState: "failed", jobMessage: CUT_SHORT })
      .where(and(eq(sessions.id, id), eq(sessions.jobBatchId, row.jobBatchId!), eq(sessions.jobState, "running")))
      .returning({ id: sessions.id });
    if (cut) return { ...session, job: { state: "failed", progress, message: CUT_SHORT } };
    // It ended meanwhile: read it again.
  }
  throw new NotFoundError(EXPIRED);
}

/** The file's table, read again from its text. */
export async function importTable(session: ImportSession): Promise<CsvTable> {
  const [row] = await db().select({ csv: sessions.csv }).from(sessions).where(eq(sessions.id, session.id));
  if (!row) throw new NotFoundError(EXPIRED);
  return readCsvText(row.csv);
}

/** Keeps the mapping chosen; a failed import may then be tried again. */
export async function saveMapping(session: ImportSession, mapping: string[]): Promise<void> {
  await db().update(sessions).set({ mapping }).where(eq(sessions.id, session.id));
  await clearFailedJob(session);
}

/** Lets a failed import be tried again from its preview. */
export async function clearFailedJob(session: ImportSession): Promise<void> {
  await db()
    .update(sessions)
    .set({
      jobState: null,
      jobProgress: 0,
      jobBatchId: null,
      jobMessage: null,
      jobInstance: null,
      jobHeartbeatAt: null,
    })
    .where(and(eq(sessions.id, session.id), eq(sessions.jobState, "failed")));
}

/**
 * The row's word on a running import: its progress as it moves (coalesced, one
 * write at a time, never awaited by the import: on the embedded database each
 * waits for the import's transaction), a heartbeat, and its end.
 */
function jobWriter(sessionId: string, batchId: string) {
  const mine = and(eq(sessions.id, sessionId), eq(sessions.jobBatchId, batchId));
  let latest = 0;
  let queued = false;
  let chain = Promise.resolve();
  const flush = () => {
    if (queued) return;
    queued = true;
    chain = chain
      .then(async () => {
        queued = false;
        await db()
          .update(sessions)
          .set({ jobProgress: latest, jobHeartbeatAt: sql`now()` })
          .where(and(mine, eq(sessions.jobState, "running")));
      })
      .catch((error: unknown) => logger().warn({ err: error }, "import progress not written"));
  };
  const heartbeat = setInterval(flush, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    progress(done: number) {
      latest = done;
      flush();
    },
    async end(job: { state: "done" } | { state: "failed"; message: string }) {
      clearInterval(heartbeat);
      await chain;
      try {
        await db()
          .update(sessions)
          .set(
            job.state === "done"
              ? { jobState: "done", jobProgress: 1 }
              : { jobState: "failed", jobMessage: job.message, jobProgress: latest },
          )
          .where(mine);
      } catch (error) {
        // A done import still reads as done (its batch exists); a failed one as cut short.
        logger().error({ err: error }, "import outcome not written");
      }
    },
  };
}

/**
 * Starts the import of a session's rows in the background (the page polls
 * its progress). Planned again here, so the matches are today's.
 */
export async function startImport(
  session: ImportSession,
  actor: Actor,
  createNew: boolean,
  /** Told each step's progress (0 to 1) as it is written, besides the job the page polls. */
  onProgress?: (done: number) => void,
): Promise<void> {
  if (session.job?.state === "running" || session.job?.state === "done") return;
  const busy = () => new InvalidInputError("Another import is running: wait for it to finish, then import.");
  if (running) throw busy();
  const plan = await planImport(session.kind, await importTable(session), session.mapping);
  if (plan.errors.length) throw new InvalidInputError("Fix the rows with errors first: nothing was imported.");
  if ((plan.newClients.length || plan.newIndustryTypes.length) && !createNew) {
    throw new InvalidInputError("Confirm creating the new clients and industry types, or fix their names.");
  }
  if (running) throw busy();
  const job = { sessionId: session.id, batchId: randomUUID() };
  running = job;
  // The first to claim it runs it (a second click, or the same form sent to another instance, does nothing).
  const [claimed] = await db()
    .update(sessions)
    .set({
      jobState: "running",
      jobProgress: 0,
      jobBatchId: job.batchId,
      jobMessage: null,
      jobInstance: INSTANCE,
      jobHeartbeatAt: sql`now()`,
    })
    .where(and(eq(sessions.id, session.id), eq(sessions.userId, session.userId), isNull(sessions.jobState)))
    .returning({ id: sessions.id })
    .catch((error: unknown) => {
      running = null;
      throw error;
    });
  if (!claimed) {
    running = null;
    return;
  }
  const writer = jobWriter(session.id, job.batchId);
  runImport(plan, {
    actor,
    fileName: session.fileName,
    createNew,
    batchId: job.batchId,
    onProgress: (done) => {
      writer.progress(done);
      onProgress?.(done);
    },
  })
    .then(
      () => writer.end({ state: "done" }),
      (error: unknown) => {
        if (!(error instanceof InvalidInputError)) logger().error({ err: error }, "import failed");
        const message =
          error instanceof InvalidInputError ? error.message : "The import failed on our side: nothing was imported.";
        return writer.end({ state: "failed", message });
      },
    )
    .finally(() => {
      // Only once the row says how it ended: until then a poll here takes the job for running.
      running = null;
    });
}
