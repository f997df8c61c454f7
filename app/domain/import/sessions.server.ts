// An import between its steps: the uploaded file's table, the mapping chosen,
// and, once started, the import's progress. Held in this process's memory for
// an hour (a CSV of 10,000 rows is a few MB; at most 20 are kept, the oldest
// dropped), each visible only to whoever uploaded it. A restart forgets them:
// the person uploads the file again; an import cut short by a restart wrote
// nothing (it is one transaction). One import runs at a time.
import { randomUUID } from "node:crypto";
import type { Actor } from "~/.server/db/history-scope";
import { logger } from "~/.server/logger";
import { InvalidInputError, NotFoundError } from "../errors";
import { guessMapping, type ImportKind } from "./fields";
import type { CsvTable } from "./parse.server";
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
  table: CsvTable;
  /** One field key (or "") per column. */
  mapping: string[];
  createdAt: number;
  job: ImportJob | null;
}

const KEEP_MS = 60 * 60 * 1000;
const MAX_SESSIONS = 20;
const sessions = new Map<string, ImportSession>();
let running: string | null = null;

function forgetOld(now = Date.now()) {
  for (const [id, session] of sessions) {
    if (now - session.createdAt > KEEP_MS && session.job?.state !== "running") sessions.delete(id);
  }
  // Map keeps insertion order: the first are the oldest.
  for (const [id, session] of sessions) {
    if (sessions.size < MAX_SESSIONS) break;
    if (session.job?.state !== "running") sessions.delete(id);
  }
}

export function openImportSession(input: { userId: string; kind: ImportKind; fileName: string; table: CsvTable }) {
  forgetOld();
  const session: ImportSession = {
    ...input,
    id: randomUUID(),
    mapping: guessMapping(input.kind, input.table.headers),
    createdAt: Date.now(),
    job: null,
  };
  sessions.set(session.id, session);
  return session;
}

export const EXPIRED = "This upload is no longer here (uploads are kept for an hour): upload the file again.";

export function importSession(id: string, userId: string): ImportSession {
  const session = sessions.get(id);
  if (!session || session.userId !== userId) throw new NotFoundError(EXPIRED);
  return session;
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
  if (running) throw new InvalidInputError("Another import is running: wait for it to finish, then import.");
  const plan = await planImport(session.kind, session.table, session.mapping);
  if (plan.errors.length) throw new InvalidInputError("Fix the rows with errors first: nothing was imported.");
  if ((plan.newClients.length || plan.newIndustryTypes.length) && !createNew) {
    throw new InvalidInputError("Confirm creating the new clients and industry types, or fix their names.");
  }
  running = session.id;
  const job: ImportJob = { state: "running", progress: 0 };
  session.job = job;
  runImport(plan, {
    actor,
    fileName: session.fileName,
    createNew,
    onProgress: (done) => {
      job.progress = done;
      onProgress?.(done);
    },
  })
    .then((outcome) => {
      session.job = { state: "done", progress: 1, outcome };
    })
    .catch((error: unknown) => {
      const message =
        error instanceof InvalidInputError ? error.message : "The import failed on our side: nothing was imported.";
      if (!(error instanceof InvalidInputError)) logger().error({ err: error }, "import failed");
      session.job = { state: "failed", progress: job.progress, message };
    })
    .finally(() => {
      running = null;
    });
}

/** Lets a failed import be tried again from its preview. */
export function clearFailedJob(session: ImportSession): void {
  if (session.job?.state === "failed") session.job = null;
}
