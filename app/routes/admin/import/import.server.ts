// The glue of /admin/import's three steps: upload (the multipart body read
// no further than 10 MB), map the columns, preview and import (the import runs in
// the background; the page polls its progress). Staff only; an upload is only
// ever seen by whoever sent it. Each step may land on any instance: the
// session is in the database (sessions.server.ts).
import { buffer } from "node:stream/consumers";
import { redirect } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { tellPerson } from "~/.server/live";
import { redirectWithToast } from "~/.server/toast";
import { MultipartError, receiveFile } from "~/.server/http/multipart";
import { InvalidInputError, NotFoundError } from "~/domain/errors";
import { PROGRESS_EVENT, type JobProgress } from "~/lib/live";
import { recentImports } from "~/domain/import/batches.server";
import { IMPORT_FIELDS, IMPORT_KINDS, type ImportKind, mappingProblem } from "~/domain/import/fields";
import { ImportFileError, MAX_IMPORT_BYTES } from "~/domain/import/parse.server";
import { rejected } from "~/routes/shared/answers.server";
import { planImport, planSummary } from "~/domain/import/plan.server";
import {
  clearFailedJob,
  EXPIRED,
  importSession,
  importTable,
  openImportSession,
  saveMapping,
  startImport,
} from "~/domain/import/sessions.server";

const refusal = (message: string, status = 400) => rejected({ status, message }, { title: null });

export async function loadImportStart(request: Request) {
  const user = await requireStaff(request);
  return { imports: await recentImports(), canExportEverything: user.role === "admin" };
}

const TOO_LARGE = "This file is larger than 10 MB: split it into smaller files.";

export async function uploadAction(request: Request) {
  const user = await requireStaff(request);
  try {
    const { fields, file, fileName } = await receiveFile(request, {
      noun: "CSV file",
      maxFields: 2,
      maxBytes: MAX_IMPORT_BYTES,
      tooLarge: TOO_LARGE,
    });
    const kind = fields.kind as ImportKind;
    if (!IMPORT_KINDS.includes(kind)) return refusal("Choose what the rows are: clients, contacts or projects.");
    const bytes = new Uint8Array(await buffer(file));
    if (!fileName && bytes.length === 0) return refusal("Choose a CSV file.");
    const session = await openImportSession({ userId: user.id, kind, fileName: fileName || "import.csv", bytes });
    return redirect(`/admin/import/${session.id}`);
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof MultipartError) return refusal(error.message);
    throw error;
  }
}

/** The session of this page; gone (an hour passed, a restart): back to the upload, saying so. */
async function sessionOf(request: Request, id: string) {
  const user = await requireStaff(request);
  try {
    return { user, session: await importSession(id, user.id) };
  } catch (error) {
    if (error instanceof NotFoundError)
      throw await redirectWithToast("/admin/import", { type: "error", title: EXPIRED });
    throw error;
  }
}

export async function loadMapping(request: Request, id: string) {
  const { session } = await sessionOf(request, id);
  return {
    fileName: session.fileName,
    kind: session.kind,
    rows: session.rowCount,
    headers: session.headers,
    examples: session.examples,
    mapping: session.mapping,
    fields: IMPORT_FIELDS[session.kind],
  };
}

export async function mappingAction(request: Request, id: string) {
  const { session } = await sessionOf(request, id);
  const form = await request.formData();
  const mapping = session.headers.map((_, column) => String(form.get(`column-${column}`) ?? ""));
  const problem = mappingProblem(session.kind, mapping);
  if (problem) return refusal(problem);
  await saveMapping(session, mapping);
  return redirect(`/admin/import/${id}/preview`);
}

export async function loadPreview(request: Request, id: string) {
  const { session } = await sessionOf(request, id);
  const base = { fileName: session.fileName, kind: session.kind, id: session.id };
  if (session.job) return { ...base, job: session.job, summary: null };
  const problem = mappingProblem(session.kind, session.mapping);
  if (problem) throw redirect(`/admin/import/${id}`);
  const plan = await planImport(session.kind, await importTable(session), session.mapping);
  return { ...base, job: null, summary: planSummary(plan) };
}

export async function previewAction(request: Request, id: string) {
  const { user, session } = await sessionOf(request, id);
  const form = await request.formData();
  if (form.get("intent") === "retry") {
    await clearFailedJob(session);
    return redirect(`/admin/import/${id}/preview`);
  }
  try {
    // The progress also goes to the importer's live streams, on whichever instance they are: on the
    // embedded database the page's poll waits for the import's transaction (decisions 0090, 0099).
    await startImport(session, { id: user.id, name: user.name }, form.get("createNew") === "on", (done) =>
      tellPerson(user.id, PROGRESS_EVENT, { job: session.id, done } satisfies JobProgress),
    );
  } catch (error) {
    if (error instanceof InvalidInputError) return refusal(error.message, 409);
    throw error;
  }
  return redirect(`/admin/import/${id}/preview`);
}
