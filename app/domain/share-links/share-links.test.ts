import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeProject } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { InvalidInputError, NotFoundError } from "../errors";
import { shareLinkFormSchema } from "./schema";
import {
  createShareLink,
  expiryOf,
  hashShareToken,
  listShareLinks,
  openShareLink,
  revokeShareLink,
} from "./share-links.server";

withTestDatabase();

async function draftProject() {
  const client = await makeClient();
  return makeProject({ clientId: client.id, status: "draft" });
}

describe("share links", () => {
  test("a link opens its draft project, is counted each time, and stores only the token's hash", async () => {
    const staff = await createUser({ role: "staff", name: "Sam Sharer" });
    const project = await draftProject();
    const { id, token } = await createShareLink({
      target: { projectId: project.id },
      expiresOn: null,
      userId: staff.id,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db().select().from(schema.shareLinks).where(eq(schema.shareLinks.id, id));
    expect(stored!.tokenHash).toBe(hashShareToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await openShareLink(token)).toEqual({ status: "open", target: { projectId: project.id } });
    await openShareLink(token);
    const [link] = await listShareLinks({ projectId: project.id });
    expect(link).toMatchObject({ id, createdBy: "Sam Sharer", openCount: 2, state: "active", lastDay: null });
    expect(link!.lastOpenedAt).not.toBeNull();
  });

  test("a revoked link stops at once, says it was revoked (not expired), and is no longer counted", async () => {
    const staff = await createUser({ role: "staff" });
    const gallery = await makeGallery({ isPublished: false });
    const { id, token } = await createShareLink({
      target: { galleryId: gallery.id },
      expiresOn: null,
      userId: staff.id,
    });
    expect(await openShareLink(token)).toEqual({ status: "open", target: { galleryId: gallery.id } });
    await revokeShareLink(id);
    await revokeShareLink(id);
    expect(await openShareLink(token)).toEqual({ status: "revoked" });
    expect(await listShareLinks({ galleryId: gallery.id })).toMatchObject([{ state: "revoked", openCount: 1 }]);
  });

  test("a link works through its last day and stops after it; a past day is refused", async () => {
    const staff = await createUser({ role: "staff" });
    const project = await draftProject();
    expect(expiryOf("2030-06-15")).toEqual(new Date(2030, 5, 16));
    await expect(
      createShareLink({ target: { projectId: project.id }, expiresOn: "2020-01-01", userId: staff.id }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    const { id, token } = await createShareLink({
      target: { projectId: project.id },
      expiresOn: "2030-06-15",
      userId: staff.id,
    });
    expect((await openShareLink(token)).status).toBe("open");
    expect((await listShareLinks({ projectId: project.id }))[0]!.lastDay).toBe("2030-06-15");
    // The last day passes.
    await db()
      .update(schema.shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.shareLinks.id, id));
    expect(await openShareLink(token)).toEqual({ status: "expired" });
    expect((await listShareLinks({ projectId: project.id }))[0]!.state).toBe("expired");
  });

  test("a link may carry a label, shown in the list; without one it has none", async () => {
    const staff = await createUser({ role: "staff" });
    const project = await draftProject();
    await createShareLink({ target: { projectId: project.id }, expiresOn: null, userId: staff.id });
    await createShareLink({
      target: { projectId: project.id },
      expiresOn: null,
      label: "for Northtown Parks",
      userId: staff.id,
    });
    const labels = (await listShareLinks({ projectId: project.id })).map((link) => link.label);
    expect(new Set(labels)).toEqual(new Set(["for Northtown Parks", null]));
    const form = (label: string) => shareLinkFormSchema.safeParse({ intent: "create", projectId: project.id, label });
    expect(form("  for Northtown Parks  ").data).toMatchObject({ label: "for Northtown Parks" });
    expect(form("").data).toMatchObject({ label: null });
    expect(form("x".repeat(101)).error?.issues[0]?.message).toBe("Must be at most 100 characters");
  });

  test("an unknown or malformed token is unknown; a link to a missing project cannot be made", async () => {
    const staff = await createUser({ role: "staff" });
    expect(await openShareLink("A".repeat(43))).toEqual({ status: "unknown" });
    expect(await openShareLink("../../etc")).toEqual({ status: "unknown" });
    await expect(
      createShareLink({
        target: { projectId: "00000000-0000-4000-8000-000000000000" },
        expiresOn: null,
        userId: staff.id,
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
