// Uploaded images and the rows that own them. A logo or option image waits as
// a pending upload (a row in `uploads`) until its form claims it; a project
// image becomes a project_images row at once. Either way a stored file always
// has a row, and a failed step removes the files it stored.
import type { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { db, schema, type Db, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { deleteKeysQuietly } from "~/.server/images/delete";
import { ingestImage, type IngestedImage } from "~/.server/images/ingest";
import { storedImageKeys } from "~/.server/images/variants";
import { storage } from "~/.server/storage";
import { keptForRestore } from "./retained.server";
import {
  clientLogoKey,
  companyLogoKey,
  proposalImageKey,
  FILE_COLUMN_NAMES,
  optionImageKey,
  projectImageKey,
} from "./stored-files.server";
import { tooLargeMessage, uploadLimit, type PendingUploadKind, type ProjectImageCategory } from "./schema";
import { InvalidInputError } from "../errors";
import { isUuid } from "~/lib/uuid";

/** A request that cannot be served as sent (bad fields, a project that is gone). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 = 400,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** A form named an upload that is not (or no longer) a pending upload of its kind. */
export class UploadClaimError extends InvalidInputError {
  override name = "UploadClaimError";
}

const KEYS: Record<PendingUploadKind, (ext: string) => string> = {
  "client-logo": clientLogoKey,
  "option-image": optionImageKey,
  "company-logo": companyLogoKey,
  "proposal-image": proposalImageKey,
};

const LABELS: Record<PendingUploadKind, string> = {
  "client-logo": "a client logo",
  "option-image": "an option image",
  "company-logo": "a company logo",
  "proposal-image": "a proposal picture",
};

function ingest(kind: Parameters<typeof tooLargeMessage>[0], stream: Readable, key: (ext: string) => string) {
  return ingestImage(stream, { maxBytes: uploadLimit(kind), tooLargeMessage: tooLargeMessage(kind).description, key });
}

/** After a failed insert: the files of an image that never got its row. */
function discardIngested(image: IngestedImage): Promise<void> {
  return deleteKeysQuietly(storage(), storedImageKeys(image.key, image.width));
}

export interface PendingUpload {
  id: string;
  kind: PendingUploadKind;
  key: string;
  url: string;
  width: number;
  height: number;
}

/** Stores an image (original and variants) and its pending row; throws ImageRejectedError for a bad file. */
export async function createUpload(input: {
  kind: PendingUploadKind;
  stream: Readable;
  userId: string | null;
}): Promise<PendingUpload> {
  const image = await ingest(input.kind, input.stream, KEYS[input.kind]);
  try {
    const [row] = await db()
      .insert(schema.uploads)
      .values({
        storageKey: image.key,
        kind: input.kind,
        width: image.width,
        height: image.height,
        contentType: image.contentType,
        bytes: image.bytes,
        uploadedBy: input.userId,
      })
      .returning({ id: schema.uploads.id });
    return {
      id: row!.id,
      kind: input.kind,
      key: image.key,
      url: storage().publicUrl(image.key),
      width: image.width,
      height: image.height,
    };
  } catch (error) {
    await discardIngested(image);
    throw error;
  }
}

export interface ClaimedUpload {
  key: string;
  width: number;
  height: number;
  contentType: string;
  bytes: number;
}

/**
 * Takes a pending upload for a form being saved: deletes its row inside the
 * caller's transaction and returns what the form stores (key, width, height).
 * If the transaction rolls back, the upload is pending again.
 */
export async function claimUpload(
  tx: Pick<Db, "delete" | "select">,
  uploadId: string,
  kind: PendingUploadKind,
): Promise<ClaimedUpload> {
  const gone = "This upload has expired or was already used. Upload the file again.";
  if (!isUuid(uploadId)) throw new UploadClaimError(gone);
  const [claimed] = await tx
    .delete(schema.uploads)
    .where(and(eq(schema.uploads.id, uploadId), eq(schema.uploads.kind, kind)))
    .returning({
      key: schema.uploads.storageKey,
      width: schema.uploads.width,
      height: schema.uploads.height,
      contentType: schema.uploads.contentType,
      bytes: schema.uploads.bytes,
    });
  if (claimed) return claimed;
  const [other] = await tx
    .select({ kind: schema.uploads.kind })
    .from(schema.uploads)
    .where(eq(schema.uploads.id, uploadId));
  throw new UploadClaimError(other ? `This upload is ${LABELS[other.kind]}, not ${LABELS[kind]}.` : gone);
}

/**
 * Removes a replaced or deleted image's files. Call it after the transaction
 * that dropped the reference has committed; a failure is logged, not thrown
 * (the change is saved, and media:gc removes what is left). While the history
 * can still restore the row (30 days), the files stay and media:gc removes them after.
 */
export async function discardStoredImage(key: string, width: number | null): Promise<void> {
  if (await keptForRestore(key, FILE_COLUMN_NAMES)) return;
  await deleteKeysQuietly(storage(), storedImageKeys(key, width));
}

export async function projectExists(projectId: string): Promise<boolean> {
  if (!isUuid(projectId)) return false;
  const [row] = await db()
    .select({ id: schema.projects.id })
    .from(schema.projects)
    .where(eq(schema.projects.id, projectId));
  return row !== undefined;
}

/**
 * Deals the places a batch's images hold in their category out again, in the order of the
 * pick (the project row is locked by the caller). Returns the place of the image `id`.
 */
async function orderBatch(
  tx: Tx,
  projectId: string,
  category: ProjectImageCategory,
  batch: string,
  id: string,
): Promise<number> {
  const { projectImages } = schema;
  const rows = await tx
    .select({ id: projectImages.id, order: projectImages.displayOrder, position: projectImages.uploadPosition })
    .from(projectImages)
    .where(
      and(
        eq(projectImages.projectId, projectId),
        eq(projectImages.imageCategory, category),
        eq(projectImages.uploadBatch, batch),
      ),
    );
  const places = rows.map((row) => row.order).sort((a, b) => a - b);
  const picked = [...rows].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  let mine = 0;
  for (const [index, row] of picked.entries()) {
    const place = places[index]!;
    if (row.id === id) mine = place;
    if (row.order !== place) {
      await tx.update(projectImages).set({ displayOrder: place }).where(eq(projectImages.id, row.id));
    }
  }
  return mine;
}

export interface UploadedProjectImage {
  id: string;
  key: string;
  url: string;
  width: number;
  height: number;
  displayOrder: number;
  category: ProjectImageCategory;
}

/** Where an image stands among the files picked with it: one batch id per pick, 0-based positions. */
export interface UploadSelection {
  batch: string;
  position: number;
}

/**
 * Stores a project image and adds it last in its category (highest display_order + 1).
 * Images picked together (one `selection.batch`) upload a few at a time and finish in any
 * order: each arrival takes the next place as above, then the batch's places are dealt out
 * again in the order of the pick, so the pick's order holds however the uploads ended.
 */
export async function uploadProjectImage(input: {
  projectId: string;
  category: ProjectImageCategory;
  stream: Readable;
  selection?: UploadSelection;
}): Promise<UploadedProjectImage> {
  const { projectId, category, selection } = input;
  const image = await ingest("project-image", input.stream, (ext) => projectImageKey(projectId, category, ext));
  try {
    const row = await db().transaction(async (tx) => {
      await withActor(tx);
      // Locking the project row makes uploads to one project take turns here, so two at
      // once cannot read the same highest order. It also keeps the project from being
      // deleted before the insert.
      const [project] = await tx
        .select({ id: schema.projects.id })
        .from(schema.projects)
        .where(eq(schema.projects.id, projectId))
        .for("no key update");
      if (!project) throw new UploadError("This project does not exist (it may have just been deleted).");
      const { projectImages } = schema;
      const [{ next } = { next: 0 }] = await tx
        .select({ next: sql<number>`(coalesce(max(${projectImages.displayOrder}), -1) + 1)::int` })
        .from(projectImages)
        .where(and(eq(projectImages.projectId, projectId), eq(projectImages.imageCategory, category)));
      const [inserted] = await tx
        .insert(projectImages)
        .values({
          projectId,
          imageCategory: category,
          storageKey: image.key,
          width: image.width,
          height: image.height,
          displayOrder: next,
          uploadBatch: selection?.batch,
          uploadPosition: selection?.position,
        })
        .returning({ id: projectImages.id, displayOrder: projectImages.displayOrder });
      if (!selection) return inserted!;
      return {
        id: inserted!.id,
        displayOrder: await orderBatch(tx, projectId, category, selection.batch, inserted!.id),
      };
    });
    return {
      id: row.id,
      key: image.key,
      url: storage().publicUrl(image.key),
      width: image.width,
      height: image.height,
      displayOrder: row.displayOrder,
      category,
    };
  } catch (error) {
    await discardIngested(image);
    throw error;
  }
}
