import crypto from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { newProject, storedKeys } from "#tests/helpers/media";
import { createUser } from "#tests/helpers/users";
import * as images from "#tests/fixtures/images/generate";
import { countedStream } from "#tests/fixtures/images/streams";
import { db, schema } from "~/.server/db";
import { ImageRejectedError } from "~/.server/images/errors";
import { storedImageKeys } from "~/.server/images/variants";
import { setStorage, storage } from "~/.server/storage";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { IMAGE_CATEGORIES, PENDING_UPLOAD_KINDS as DB_PENDING_KINDS } from "~/tables";
import {
  claimUpload,
  createUpload,
  discardStoredImage,
  UploadClaimError,
  UploadError,
  uploadProjectImage,
} from "./media.server";
import { PENDING_UPLOAD_KINDS, PROJECT_IMAGE_CATEGORIES, tooLargeMessage } from "./schema";
import { checkFileBeforeUpload, UPLOAD_LIMITS } from "./upload-client";

withTestDatabase();

const MB = 1024 * 1024;
const streamOf = (bytes: Buffer) => Readable.from([bytes]);

async function pendingRows() {
  return db().select().from(schema.uploads);
}

describe("one list of kinds, categories and limits", () => {
  test("the database and the browser agree", () => {
    expect([...PENDING_UPLOAD_KINDS]).toEqual([...DB_PENDING_KINDS]);
    expect([...PROJECT_IMAGE_CATEGORIES]).toEqual([...IMAGE_CATEGORIES]);
  });

  test("the server's too-large message is the one the browser shows", () => {
    for (const kind of ["client-logo", "company-logo", "option-image", "project-image"] as const) {
      const problem = checkFileBeforeUpload({ name: "a.png", type: "image/png", size: UPLOAD_LIMITS[kind] + 1 }, kind);
      expect(problem).toEqual(tooLargeMessage(kind));
    }
    expect(tooLargeMessage("client-logo")).toEqual({
      title: "File too large",
      description: "Logo must be less than 5MB",
    });
  });
});

describe("createUpload", () => {
  test("stores the image and its variants with a pending row", async () => {
    const user = await createUser();
    const upload = await createUpload({
      kind: "client-logo",
      stream: streamOf(await images.png(700, 350)),
      userId: user.id,
    });
    expect(upload).toMatchObject({ kind: "client-logo", width: 700, height: 350 });
    expect(upload.key).toMatch(/^client-logos\/\d{13}-[0-9a-f]{10}(_avif)?\.png$/);
    expect(upload.url).toBe(`/media/${upload.key}`);
    expect(await storedKeys(upload.key.replace(/\.png$/, ""))).toEqual(storedImageKeys(upload.key, 700).sort());
    const [row] = await db().select().from(schema.uploads).where(eq(schema.uploads.id, upload.id));
    expect(row).toMatchObject({
      storageKey: upload.key,
      kind: "client-logo",
      width: 700,
      height: 350,
      uploadedBy: user.id,
    });
    expect(row!.contentType).toBe("image/png");
    expect(row!.bytes).toBeGreaterThan(0);
  });

  test("keys follow the spec's folders and never repeat", async () => {
    const option = await createUpload({ kind: "option-image", stream: streamOf(await images.jpeg()), userId: null });
    expect(option.key).toMatch(/^project-files\/playground-options\/[0-9a-f]{20}(_avif)?\.jpg$/);
    const company = await createUpload({ kind: "company-logo", stream: streamOf(await images.webp()), userId: null });
    expect(company.key).toMatch(/^company\/\d{13}-[0-9a-f]{10}(_avif)?\.webp$/);
    const file = await images.png(50, 50);
    const twins = await Promise.all(
      [1, 2, 3].map(() => createUpload({ kind: "client-logo", stream: streamOf(file), userId: null })),
    );
    expect(new Set(twins.map((t) => t.key)).size).toBe(3);
  });

  test("a 6 MB logo is refused with the spec's message, unread past the limit, nothing stored", async () => {
    const before = { keys: await storedKeys(), rows: (await pendingRows()).length };
    const file = await images.incompressiblePng(6 * MB);
    expect(file.length).toBeGreaterThan(6 * MB);
    const counted = countedStream(file);
    const error = await createUpload({ kind: "client-logo", stream: counted.stream, userId: null }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({ status: 413, code: "too-large", message: "Logo must be less than 5MB" });
    expect(counted.read()).toBeLessThan(file.length);
    expect(await storedKeys()).toEqual(before.keys);
    expect((await pendingRows()).length).toBe(before.rows);
  });

  test("a refused file leaves no row and no file", async () => {
    const before = await storedKeys();
    await expect(
      createUpload({ kind: "option-image", stream: streamOf(images.svgWithScript()), userId: null }),
    ).rejects.toMatchObject({
      status: 415,
    });
    expect(await storedKeys()).toEqual(before);
  });

  test("when the row cannot be inserted, the stored files are removed", async () => {
    const real = storage();
    const written: string[] = [];
    setStorage({
      driver: real.driver,
      put: (key, body, options) => {
        written.push(key);
        return real.put(key, body, options);
      },
      get: (key) => real.get(key),
      delete: (key) => real.delete(key),
      list: (prefix) => real.list(prefix),
      publicUrl: (key) => real.publicUrl(key),
    });
    try {
      const before = await storedKeys();
      const missingUser = crypto.randomUUID();
      const failure = await createUpload({
        kind: "client-logo",
        stream: streamOf(await images.png(800, 400)),
        userId: missingUser,
      }).catch((error: unknown) => error);
      // The insert failed on its reference to the user, after the files were stored…
      expect(isForeignKeyViolation(failure, "uploads_uploaded_by_user_id_fk")).toBe(true);
      // The original first; its variants are written side by side, in no set order.
      expect(written[0]).toMatch(/^client-logos\/.+\.png$/);
      expect([...written].sort()).toEqual(storedImageKeys(written[0]!, 800).sort());
      // …and every one of them is gone again.
      expect(await storedKeys()).toEqual(before);
    } finally {
      setStorage(real);
    }
  });
});

describe("claimUpload", () => {
  test("takes the pending row inside the caller's transaction, once", async () => {
    const upload = await createUpload({
      kind: "option-image",
      stream: streamOf(await images.jpeg(500, 400)),
      userId: null,
    });
    const claimed = await db().transaction((tx) => claimUpload(tx, upload.id, "option-image"));
    expect(claimed).toMatchObject({ key: upload.key, width: 500, height: 400, contentType: "image/jpeg" });
    expect(await db().select().from(schema.uploads).where(eq(schema.uploads.id, upload.id))).toEqual([]);
    await expect(db().transaction((tx) => claimUpload(tx, upload.id, "option-image"))).rejects.toThrow(
      "This upload has expired or was already used. Upload the file again.",
    );
    // The files stay: they now belong to whatever row the form saved.
    expect(await storedKeys(upload.key)).toEqual([upload.key]);
  });

  test("a rolled-back form leaves the upload pending", async () => {
    const upload = await createUpload({ kind: "client-logo", stream: streamOf(await images.png()), userId: null });
    await expect(
      db().transaction(async (tx) => {
        await claimUpload(tx, upload.id, "client-logo");
        throw new Error("the form failed after claiming");
      }),
    ).rejects.toThrow("the form failed");
    expect(await db().select().from(schema.uploads).where(eq(schema.uploads.id, upload.id))).toHaveLength(1);
  });

  test("refuses another kind, an unknown id and a malformed one, clearly", async () => {
    const upload = await createUpload({ kind: "client-logo", stream: streamOf(await images.png()), userId: null });
    await expect(db().transaction((tx) => claimUpload(tx, upload.id, "option-image"))).rejects.toThrow(
      new UploadClaimError("This upload is a client logo, not an option image."),
    );
    await expect(db().transaction((tx) => claimUpload(tx, crypto.randomUUID(), "client-logo"))).rejects.toBeInstanceOf(
      UploadClaimError,
    );
    await expect(
      db().transaction((tx) => claimUpload(tx, "'; drop table uploads; --", "client-logo")),
    ).rejects.toBeInstanceOf(UploadClaimError);
    expect(await db().select().from(schema.uploads).where(eq(schema.uploads.id, upload.id))).toHaveLength(1);
  });
});

describe("discardStoredImage", () => {
  test("removes the original and every variant", async () => {
    const upload = await createUpload({
      kind: "client-logo",
      stream: streamOf(await images.png(700, 350)),
      userId: null,
    });
    expect(await storedKeys(upload.key.replace(/\.png$/, ""))).toEqual(storedImageKeys(upload.key, 700).sort());
    await discardStoredImage(upload.key, upload.width);
    expect(await storedKeys(upload.key.replace(/\.png$/, ""))).toEqual([]);
  });
});

describe("uploadProjectImage", () => {
  test("adds the image last in its category, counting from 0 per category", async () => {
    const project = await newProject();
    const upload = (category: "3d_renders" | "photos_completed") =>
      images
        .jpeg(640, 480)
        .then((bytes) => uploadProjectImage({ projectId: project.id, category, stream: streamOf(bytes) }));
    const first = await upload("3d_renders");
    const second = await upload("3d_renders");
    const other = await upload("photos_completed");
    expect([first.displayOrder, second.displayOrder, other.displayOrder]).toEqual([0, 1, 0]);
    expect(first.key).toMatch(
      new RegExp(`^project-files/${project.id}/3d_renders/\\d{13}-[0-9a-f]{10}(_avif)?\\.jpg$`),
    );
    expect(other).toMatchObject({ category: "photos_completed", width: 640, height: 480, url: `/media/${other.key}` });
    const rows = await db().select().from(schema.projectImages).where(eq(schema.projectImages.projectId, project.id));
    expect(rows.map((r) => [r.storageKey, r.imageCategory, r.displayOrder, r.width, r.height]).sort()).toEqual(
      [
        [first.key, "3d_renders", 0, 640, 480],
        [second.key, "3d_renders", 1, 640, 480],
        [other.key, "photos_completed", 0, 640, 480],
      ].sort(),
    );
  });

  test("images picked together keep the order they were picked in, whatever order their uploads finish", async () => {
    const project = await newProject();
    const category = "photos_completed";
    const bytes = await images.jpeg(320, 240);
    const upload = (selection?: { batch: string; position: number }) =>
      uploadProjectImage({ projectId: project.id, category, stream: streamOf(bytes), selection });
    const earlier = await upload();
    const batch = crypto.randomUUID();
    // Picked as 0, 1, 2, 3; the server finishes them 2, 0, (someone else's), 3, 1.
    const third = await upload({ batch, position: 2 });
    const first = await upload({ batch, position: 0 });
    const elsewhere = await upload();
    const fourth = await upload({ batch, position: 3 });
    const second = await upload({ batch, position: 1 });
    // Another pick of the same files is a batch of its own, added after.
    const again = await upload({ batch: crypto.randomUUID(), position: 0 });
    const rows = await db()
      .select({ id: schema.projectImages.id })
      .from(schema.projectImages)
      .where(eq(schema.projectImages.projectId, project.id))
      .orderBy(schema.projectImages.displayOrder);
    // The picked images take the places they were given, in the order they were picked.
    expect(rows.map((row) => row.id)).toEqual(
      [earlier, first, second, elsewhere, third, fourth, again].map((image) => image.id),
    );
    expect(second.displayOrder).toBe(2);
  });

  test("a project that is gone by the time the image is stored leaves no files", async () => {
    const before = await storedKeys();
    const missing = crypto.randomUUID();
    await expect(
      uploadProjectImage({
        projectId: missing,
        category: "3d_renders",
        stream: streamOf(await images.jpeg(500, 400)),
      }),
    ).rejects.toBeInstanceOf(UploadError);
    expect(await storedKeys()).toEqual(before);
    expect(await storedKeys(`project-files/${missing}`)).toEqual([]);
  });

  test("a project image may be up to 25 MB, more is refused", async () => {
    const project = await newProject();
    const counted = countedStream(Buffer.alloc(26 * MB, 0xff));
    await expect(
      uploadProjectImage({ projectId: project.id, category: "3d_renders", stream: counted.stream }),
    ).rejects.toMatchObject({ status: 415 });
    // A 26 MB run of 0xff is not an image: refused after the first bytes, long before the limit.
    expect(counted.read()).toBeLessThan(MB);
    const big = countedStream(Buffer.concat([await images.png(100, 100), Buffer.alloc(26 * MB)]));
    await expect(
      uploadProjectImage({ projectId: project.id, category: "3d_renders", stream: big.stream }),
    ).rejects.toMatchObject({ status: 413, message: "Image must be less than 25MB" });
    expect(big.read()).toBeLessThan(25 * MB + MB);
  });
});
