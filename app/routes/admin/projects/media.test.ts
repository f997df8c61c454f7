// The action behind /admin/projects/:id/media with real requests: access,
// intents, the answers and their flash toasts.
import crypto from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { toastOf } from "#tests/helpers/toast";
import { createUser, request, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { INVALID_YOUTUBE_URL, MISSING_VIDEO_INFO } from "~/domain/project-media/schema";
import type { ActionResult } from "~/lib/action-result";
import { projectMediaAction } from "./media.server";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser();
});

async function newProject() {
  const client = await makeClient();
  return makeProject({ clientId: client.id });
}

type Fields = Record<string, string | string[]>;

async function post(projectId: string, fields: Fields, user: TestUser | null = staff) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const result = await projectMediaAction(
    request(`/admin/projects/${projectId}/media`, { method: "POST", body, user: user ?? undefined }),
    projectId,
  );
  return { status: result.init?.status ?? 200, body: result.data as ActionResult, toast: await toastOf(result.init) };
}

async function insertImages(projectId: string, n: number): Promise<string[]> {
  const rows = await db()
    .insert(schema.projectImages)
    .values(
      Array.from({ length: n }, (_, i) => ({
        projectId,
        imageCategory: "3d_renders" as const,
        storageKey: `project-files/${projectId}/3d_renders/${crypto.randomUUID()}.jpg`,
        width: 640,
        height: 480,
        displayOrder: i,
      })),
    )
    .returning({ id: schema.projectImages.id });
  return rows.map((row) => row.id);
}

describe("projectMediaAction", () => {
  test("anyone not signed in is sent to sign in", async () => {
    const project = await newProject();
    const thrown = await post(project.id, { intent: "reorder-videos", ids: [crypto.randomUUID()] }, null).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });

  test("reorder-images stores the order, without a toast", async () => {
    const project = await newProject();
    const ids = await insertImages(project.id, 3);
    const answer = await post(project.id, {
      intent: "reorder-images",
      category: "3d_renders",
      ids: [ids[2]!, ids[0]!, ids[1]!],
    });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, intent: "reorder-images" }, toast: null });
    const rows = await db()
      .select({ id: schema.projectImages.id })
      .from(schema.projectImages)
      .where(eq(schema.projectImages.projectId, project.id))
      .orderBy(asc(schema.projectImages.displayOrder));
    expect(rows.map((r) => r.id)).toEqual([ids[2], ids[0], ids[1]]);
  });

  test("a single id is a list of one", async () => {
    const project = await newProject();
    const [id] = await insertImages(project.id, 1);
    const answer = await post(project.id, { intent: "reorder-images", category: "3d_renders", ids: id! });
    expect(answer.status).toBe(200);
  });

  test("another project's image is refused with the spec's toast", async () => {
    const project = await newProject();
    const other = await newProject();
    const [foreign] = await insertImages(other.id, 1);
    const reorder = await post(project.id, { intent: "reorder-images", category: "3d_renders", ids: [foreign!] });
    expect(reorder).toMatchObject({ status: 409, body: { ok: false }, toast: { title: "Error reordering images" } });
    const removal = await post(project.id, { intent: "delete-image", imageId: foreign! });
    expect(removal).toMatchObject({ status: 404, toast: { type: "error", title: "Error deleting image" } });
  });

  test("delete-image and the video intents answer with the catalogue's toasts", async () => {
    const project = await newProject();
    const [id] = await insertImages(project.id, 1);
    expect(await post(project.id, { intent: "delete-image", imageId: id! })).toMatchObject({
      status: 200,
      toast: { type: "success", title: "Image deleted successfully" },
    });

    const added = await post(project.id, {
      intent: "add-video",
      title: "Walkthrough",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      category: "real_videos",
    });
    expect(added).toMatchObject({ status: 200, body: { ok: true }, toast: { title: "Video added successfully" } });
    const [video] = await db()
      .select()
      .from(schema.projectVideos)
      .where(eq(schema.projectVideos.projectId, project.id));
    expect(video).toMatchObject({ youtubeId: "dQw4w9WgXcQ", videoCategory: "real_videos", displayOrder: 0 });

    expect(await post(project.id, { intent: "delete-video", videoId: video!.id })).toMatchObject({
      status: 200,
      toast: { title: "Video deleted successfully" },
    });
  });

  test("add-video: the two messages in the form's reply and in the 'Error adding video' toast", async () => {
    const project = await newProject();
    const missing = await post(project.id, { intent: "add-video", title: "", youtubeUrl: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.result?.error?.[""]).toEqual([MISSING_VIDEO_INFO]);
    expect(missing.toast).toMatchObject({
      type: "error",
      title: "Error adding video",
      description: MISSING_VIDEO_INFO,
    });

    const invalid = await post(project.id, { intent: "add-video", title: "T", youtubeUrl: "https://example.com/x" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.result?.error?.youtubeUrl).toEqual([INVALID_YOUTUBE_URL]);
    expect(invalid.toast).toMatchObject({ title: "Error adding video", description: INVALID_YOUTUBE_URL });
  });

  test("a project that does not exist (or a malformed id) is a 404 with a toast", async () => {
    const gone = await post(crypto.randomUUID(), { intent: "delete-video", videoId: crypto.randomUUID() });
    expect(gone).toMatchObject({ status: 404, toast: { title: "Error deleting video" } });
    const malformed = await post("not-a-uuid", { intent: "reorder-videos", ids: [crypto.randomUUID()] });
    expect(malformed).toMatchObject({ status: 404, toast: { title: "Error reordering videos" } });
  });

  test("an unknown intent or a bad id is a 400", async () => {
    const project = await newProject();
    expect((await post(project.id, { intent: "explode" })).status).toBe(400);
    // Names every plain object answers to are no intent either (they were a 500).
    for (const intent of ["toString", "constructor", "__proto__"]) {
      expect(await post(project.id, { intent })).toMatchObject({ status: 400, toast: { title: "Error" } });
    }
    expect((await post(project.id, { intent: "delete-image", imageId: "1 or 1=1" })).status).toBe(400);
  });

  test("set-featured and update-caption", async () => {
    const project = await newProject();
    const [a, b] = await insertImages(project.id, 2);
    expect((await post(project.id, { intent: "set-featured", imageId: a!, featured: "true" })).status).toBe(200);
    expect((await post(project.id, { intent: "set-featured", imageId: b!, featured: "true" })).status).toBe(200);
    expect((await post(project.id, { intent: "update-caption", imageId: b!, caption: " Tower " })).status).toBe(200);
    expect((await post(project.id, { intent: "update-alt", imageId: b!, altText: " A timber tower " })).status).toBe(
      200,
    );
    const rows = await db()
      .select({
        id: schema.projectImages.id,
        isFeatured: schema.projectImages.isFeatured,
        caption: schema.projectImages.caption,
        altText: schema.projectImages.altText,
      })
      .from(schema.projectImages)
      .where(eq(schema.projectImages.projectId, project.id))
      .orderBy(asc(schema.projectImages.displayOrder));
    expect(rows).toEqual([
      { id: a, isFeatured: false, caption: null, altText: null },
      { id: b, isFeatured: true, caption: "Tower", altText: "A timber tower" },
    ]);
  });
});
