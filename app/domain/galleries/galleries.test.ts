// Galleries on a real database: the dialog's rules and messages, unique slugs,
// the list (counts in one statement), edits with a version, publish, delete.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { queryCount, withQueryCount } from "~/.server/db/query-count";
import { slugify } from "~/lib/slugify";
import { DuplicateError, NotFoundError, StaleRecordError } from "../errors";
import { createGallery, deleteGallery, listGalleries, setGalleryPublished, updateGallery } from "./galleries.server";
import { GALLERY_MESSAGES, galleryFormSchema, type GalleryValues } from "./schema";

withTestDatabase();

const values = (overrides: Partial<GalleryValues> = {}): GalleryValues => ({
  name: "Spring Showcase",
  slug: "spring-showcase",
  description: null,
  isPublished: false,
  ...overrides,
});

/** The first message the create form gets for these fields, by field. */
function errors(fields: Record<string, string>) {
  const parsed = galleryFormSchema.safeParse({ intent: "create", ...fields });
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the gallery form's rules", () => {
  test("the spec's messages", () => {
    expect(errors({})).toEqual({ name: "Name is required", slug: GALLERY_MESSAGES.slugRequired });
    expect(errors({ name: "  ", slug: "   " })).toEqual({
      name: "Name is required",
      slug: "Slug is required",
    });
    for (const slug of ["Spring", "spring_showcase", "spring showcase", "café", "a/b"]) {
      expect(errors({ name: "A", slug }), slug).toEqual({
        slug: "Slug can only contain lowercase letters, numbers, and hyphens",
      });
    }
    for (const slug of ["-spring", "spring-", "-"]) {
      expect(errors({ name: "A", slug }), slug).toEqual({ slug: "Slug cannot start or end with a hyphen" });
    }
    expect(errors({ name: "A", slug: "spring--showcase" })).toEqual({ slug: GALLERY_MESSAGES.slugDoubled });
    expect(errors({ name: "x".repeat(101), slug: "y".repeat(101) })).toEqual({
      name: "Must be at most 100 characters",
      slug: "Must be at most 100 characters",
    });
    expect(errors({ name: "A", slug: "a", description: "d".repeat(501) })).toEqual({
      description: "Must be at most 500 characters",
    });
  });

  test("valid values: trimmed, empty description is null, a draft unless switched on", () => {
    const parsed = galleryFormSchema.parse({ intent: "create", name: " Spring ", slug: " spring-2 ", description: "" });
    expect(parsed).toEqual({ intent: "create", ...values({ name: "Spring", slug: "spring-2" }) });
    expect(galleryFormSchema.parse({ intent: "create", name: "A", slug: "a", isPublished: "on" })).toMatchObject({
      isPublished: true,
    });
  });

  test("a slug derived from any name is accepted by the form, or empty (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 140 }), (name) => {
        const slug = slugify(name);
        if (slug === "") return;
        expect(errors({ name: "A", slug })).toEqual({});
      }),
      { numRuns: 500 },
    );
  });
});

describe("galleries", () => {
  test("created as a draft by default, with its creator", async () => {
    const user = await createUser();
    const { id } = await createGallery(values(), user.id);
    const [row] = await db().select().from(schema.galleries).where(eq(schema.galleries.id, id));
    expect(row).toMatchObject({
      name: "Spring Showcase",
      slug: "spring-showcase",
      isPublished: false,
      createdBy: user.id,
    });
  });

  test("slugs are unique, on create and on edit, with the field's message", async () => {
    const user = await createUser();
    await createGallery(values({ slug: "taken" }), user.id);
    const taken = new DuplicateError(GALLERY_MESSAGES.slugTaken, "slug");
    await expect(createGallery(values({ slug: "taken" }), user.id)).rejects.toThrow(taken);
    const other = await createGallery(values({ slug: "other" }), user.id);
    const [row] = await db().select().from(schema.galleries).where(eq(schema.galleries.id, other.id));
    await expect(
      updateGallery(other.id, row!.updatedAt.toISOString(), values({ slug: "taken" })),
    ).rejects.toMatchObject({ message: taken.message, field: "slug" });
    // Two at once: one wins, the other is told.
    const results = await Promise.allSettled([
      createGallery(values({ slug: "race" }), user.id),
      createGallery(values({ slug: "race" }), user.id),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: taken });
  });

  test("the list: newest first, each with its project count, in one statement", async () => {
    const user = await createUser();
    const client = await makeClient();
    const projects = await Promise.all([1, 2, 3].map(() => makeProject({ clientId: client.id })));
    const older = await createGallery(values({ name: "Older", slug: "list-older" }), user.id);
    const newer = await createGallery(values({ name: "Newer", slug: "list-newer" }), user.id);
    await db()
      .update(schema.galleries)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.galleries.id, older.id));
    await db()
      .insert(schema.galleryProjects)
      .values(projects.map((p, i) => ({ galleryId: older.id, projectId: p.id, displayOrder: i })));
    await db()
      .insert(schema.galleryProjects)
      .values({ galleryId: newer.id, projectId: projects[0]!.id, displayOrder: 0 });

    const { rows, queries } = await withQueryCount(async () => ({
      rows: await listGalleries(),
      queries: queryCount(),
    }));
    expect(queries).toBe(1);
    const mine = rows.filter((row) => row.slug.startsWith("list-"));
    expect(mine.map((row) => [row.name, row.projectCount, row.isPublished])).toEqual([
      ["Newer", 1, false],
      ["Older", 3, false],
    ]);
    expect(mine[0]!.version).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test("an edit carries the version: a stale one is refused, the current one saves", async () => {
    const user = await createUser();
    const { id } = await createGallery(values({ slug: "versioned" }), user.id);
    const version = (await listGalleries()).find((g) => g.id === id)!.version;
    const saved = await updateGallery(id, version, values({ name: "Renamed", slug: "versioned-2", isPublished: true }));
    expect(saved.version).not.toBe(version);
    const error = await updateGallery(id, version, values({ name: "Lost" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StaleRecordError);
    expect((error as StaleRecordError).currentVersion).toBe(saved.version);
    await updateGallery(id, saved.version, values({ name: "Deliberate", slug: "versioned-2", isPublished: true }));
    const row = (await listGalleries()).find((g) => g.id === id);
    expect(row).toMatchObject({ name: "Deliberate", slug: "versioned-2", isPublished: true });
    await expect(updateGallery(crypto.randomUUID(), version, values())).rejects.toBeInstanceOf(NotFoundError);
  });

  test("publish and unpublish", async () => {
    const user = await createUser();
    const { id } = await createGallery(values({ name: "Toggle", slug: "toggle" }), user.id);
    expect(await setGalleryPublished(id, true)).toEqual({ name: "Toggle" });
    expect((await listGalleries()).find((g) => g.id === id)?.isPublished).toBe(true);
    await setGalleryPublished(id, false);
    expect((await listGalleries()).find((g) => g.id === id)?.isPublished).toBe(false);
    await expect(setGalleryPublished(crypto.randomUUID(), true)).rejects.toBeInstanceOf(NotFoundError);
  });

  test("deleting a gallery takes its gallery_projects rows with it, never the projects", async () => {
    const user = await createUser();
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const { id } = await createGallery(values({ name: "Doomed", slug: "doomed" }), user.id);
    await db().insert(schema.galleryProjects).values({ galleryId: id, projectId: project.id, displayOrder: 0 });
    expect(await deleteGallery(id)).toEqual({ name: "Doomed" });
    expect(await db().select().from(schema.galleryProjects).where(eq(schema.galleryProjects.galleryId, id))).toEqual(
      [],
    );
    expect(await db().select().from(schema.projects).where(eq(schema.projects.id, project.id))).toHaveLength(1);
    await expect(deleteGallery(id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
