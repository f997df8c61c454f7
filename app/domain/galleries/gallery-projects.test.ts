// A gallery's projects on a real database: the detail page's data, the order
// rules (add after the current ones in selection order, remove closes the gap,
// reorder rewrites every position) and writers racing each other.
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { queryCount, withQueryCount } from "~/.server/db/query-count";
import { NotFoundError } from "../errors";
import {
  addProjectsToGallery,
  getGalleryDetail,
  listProjectChoices,
  PROJECT_NOT_IN_GALLERY,
  removeProjectFromGallery,
  reorderGalleryProjects,
} from "./gallery-projects.server";

const database = withTestDatabase();
const { galleries, galleryProjects, projectImages } = schema;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** PostgreSQL: until a query is blocked on a lock (or 10 s). PGlite runs one transaction at a time: no waiting. */
async function untilSomeoneWaitsForALock(): Promise<void> {
  if (database.current().kind === "pglite") return;
  for (let waited = 0; waited < 10_000; waited += 50) {
    const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from pg_locks where not granted`);
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let galleryCount = 0;
async function newGallery() {
  galleryCount++;
  const [row] = await db()
    .insert(galleries)
    .values({ name: `Gallery ${galleryCount}`, slug: `gallery-${galleryCount}-${crypto.randomUUID().slice(0, 8)}` })
    .returning();
  return row!;
}

/** n projects of one client, titled "P0".."Pn-1". */
async function newProjects(n: number): Promise<string[]> {
  const client = await makeClient({ name: "Lakeside School", location: "Windermere, UK" });
  const ids: string[] = [];
  for (const i of range(n)) ids.push((await makeProject({ clientId: client.id, title: `P${i}` })).id);
  return ids;
}

/** A gallery holding `n` new projects in order 0..n-1. */
async function galleryWith(n: number) {
  const gallery = await newGallery();
  const ids = await newProjects(n);
  if (n > 0) {
    await db()
      .insert(galleryProjects)
      .values(ids.map((projectId, displayOrder) => ({ galleryId: gallery.id, projectId, displayOrder })));
  }
  return { gallery, ids };
}

/** The gallery's project ids by display_order, and the orders themselves. */
async function order(galleryId: string) {
  const rows = await db()
    .select({ projectId: galleryProjects.projectId, displayOrder: galleryProjects.displayOrder })
    .from(galleryProjects)
    .where(eq(galleryProjects.galleryId, galleryId))
    .orderBy(asc(galleryProjects.displayOrder), asc(galleryProjects.createdAt));
  return { ids: rows.map((r) => r.projectId), orders: rows.map((r) => r.displayOrder) };
}

describe("getGalleryDetail", () => {
  test("the gallery and its projects in order, with thumbnail and client, in one round trip", async () => {
    const { gallery, ids } = await galleryWith(3);
    await db().update(galleryProjects).set({ displayOrder: 5 }).where(eq(galleryProjects.projectId, ids[0]!));
    await db()
      .insert(projectImages)
      .values([
        {
          projectId: ids[1]!,
          storageKey: `project-files/${ids[1]}/3d_renders/1-a.jpg`,
          width: 800,
          height: 600,
          displayOrder: 0,
          imageCategory: "3d_renders",
        },
        {
          projectId: ids[1]!,
          storageKey: `project-files/${ids[1]}/3d_renders/2-b.jpg`,
          width: 800,
          height: 600,
          displayOrder: 1,
          imageCategory: "3d_renders",
          isFeatured: true,
        },
        {
          projectId: ids[2]!,
          storageKey: `project-files/${ids[2]}/photos_installation/3-c.jpg`,
          width: 640,
          height: 480,
          displayOrder: 0,
          imageCategory: "photos_installation",
        },
      ]);
    const { detail, queries } = await withQueryCount(async () => ({
      detail: await getGalleryDetail(gallery.slug),
      queries: queryCount(),
    }));
    expect(queries).toBe(1);
    expect(detail!.gallery).toMatchObject({ id: gallery.id, name: gallery.name, isPublished: false, projectCount: 3 });
    expect(detail!.projects.map((p) => p.title)).toEqual(["P1", "P2", "P0"]);
    const [withFeatured, withFirst, without] = detail!.projects;
    expect(withFeatured!.thumbnail?.src).toContain("2-b");
    expect(withFirst!.thumbnail?.src).toContain("3-c");
    expect(without!.thumbnail).toBeNull();
    expect(withFeatured).toMatchObject({
      clientName: "Lakeside School",
      clientLocation: "Windermere, UK",
      clientLogo: null,
    });
  });

  test("an unknown or malformed slug is null (no query for a malformed one)", async () => {
    expect(await getGalleryDetail("no-such-gallery")).toBeNull();
    const { detail, queries } = await withQueryCount(async () => ({
      detail: await getGalleryDetail("Bad_Slug"),
      queries: queryCount(),
    }));
    expect(detail).toBeNull();
    expect(queries).toBe(0);
  });

  test("the Add Projects choices are the projects not yet in the gallery, by title", async () => {
    const { gallery } = await galleryWith(2);
    const client = await makeClient();
    const b = await makeProject({ clientId: client.id, title: "beta Park" });
    const a = await makeProject({ clientId: client.id, title: "Alpha Park" });
    const choices = (await listProjectChoices(gallery.id)).filter((c) => c.id === a.id || c.id === b.id);
    expect(choices.map((c) => c.title)).toEqual(["Alpha Park", "beta Park"]);
    const all = await listProjectChoices(gallery.id);
    const inGallery = (await order(gallery.id)).ids;
    expect(all.some((c) => inGallery.includes(c.id))).toBe(false);
  });
});

describe("adding projects", () => {
  test("they take display_order from the current count onward, in selection order", async () => {
    const { gallery, ids } = await galleryWith(2);
    const more = await newProjects(3);
    const picked = [more[2]!, more[0]!, more[1]!];
    const result = await addProjectsToGallery({ galleryId: gallery.id, projectIds: picked });
    expect(result).toEqual({ name: gallery.name, added: picked, skipped: 0 });
    expect(await order(gallery.id)).toEqual({ ids: [...ids, ...picked], orders: range(5) });
  });

  test("a project already there, a repeat or a deleted project is skipped; the order stays 0..n-1", async () => {
    const { gallery, ids } = await galleryWith(2);
    const [fresh, deleted] = await newProjects(2);
    await db().delete(schema.projects).where(eq(schema.projects.id, deleted!));
    const result = await addProjectsToGallery({
      galleryId: gallery.id,
      projectIds: [ids[0]!, fresh!, fresh!, deleted!],
    });
    expect(result).toEqual({ name: gallery.name, added: [fresh], skipped: 2 });
    expect(await order(gallery.id)).toEqual({ ids: [...ids, fresh], orders: range(3) });
  });

  test("after a gap left by a deleted project, new ones still go last", async () => {
    const { gallery, ids } = await galleryWith(4);
    // A project deleted elsewhere takes its row with it (cascade), leaving a gap.
    await db().delete(schema.projects).where(eq(schema.projects.id, ids[1]!));
    const [fresh] = await newProjects(1);
    await addProjectsToGallery({ galleryId: gallery.id, projectIds: [fresh!] });
    expect(await order(gallery.id)).toEqual({ ids: [ids[0], ids[2], ids[3], fresh], orders: range(4) });
  });

  test("two people adding at once cannot create a duplicate", async () => {
    for (let round = 0; round < 4; round++) {
      const { gallery, ids } = await galleryWith(2);
      const more = await newProjects(4);
      const first = [more[0]!, more[1]!, more[2]!];
      const second = [more[2]!, more[3]!, more[0]!];
      const results = await Promise.all([
        addProjectsToGallery({ galleryId: gallery.id, projectIds: first }),
        addProjectsToGallery({ galleryId: gallery.id, projectIds: second }),
      ]);
      const after = await order(gallery.id);
      expect(after.orders).toEqual(range(6));
      expect(new Set(after.ids).size).toBe(6);
      expect(after.ids.slice(0, 2)).toEqual(ids);
      expect(new Set(after.ids.slice(2))).toEqual(new Set(more));
      expect(results.flatMap((r) => r.added).sort()).toEqual([...more].sort());
      expect(results.reduce((n, r) => n + r.skipped, 0)).toBe(2);
    }
  });

  test("an unknown gallery is NotFoundError and nothing is written", async () => {
    const [project] = await newProjects(1);
    await expect(
      addProjectsToGallery({ galleryId: crypto.randomUUID(), projectIds: [project!] }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("removing a project", () => {
  test("renumbers the rest from 0, keeps the project itself", async () => {
    const { gallery, ids } = await galleryWith(4);
    expect(await removeProjectFromGallery({ galleryId: gallery.id, projectId: ids[1]! })).toEqual({ title: "P1" });
    expect(await order(gallery.id)).toEqual({ ids: [ids[0], ids[2], ids[3]], orders: range(3) });
    expect(await db().select().from(schema.projects).where(eq(schema.projects.id, ids[1]!))).toHaveLength(1);
    await expect(removeProjectFromGallery({ galleryId: gallery.id, projectId: ids[1]! })).rejects.toThrow(
      PROJECT_NOT_IN_GALLERY,
    );
  });

  test("only from this gallery", async () => {
    const a = await galleryWith(2);
    const b = await newGallery();
    await expect(removeProjectFromGallery({ galleryId: b.id, projectId: a.ids[0]! })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await order(a.gallery.id)).ids).toEqual(a.ids);
  });
});

describe("reordering", () => {
  test("rewrites every position in one UPDATE (after the lock), in the sent order", async () => {
    const { gallery, ids } = await galleryWith(5);
    const sent = shuffled(ids);
    const { stored, queries } = await withQueryCount(async () => ({
      stored: await reorderGalleryProjects({ galleryId: gallery.id, projectIds: sent }),
      queries: queryCount(),
    }));
    expect(stored).toEqual(sent);
    expect(await order(gallery.id)).toEqual({ ids: sent, orders: range(5) });
    // The lock and the one UPDATE (and, through pg, its begin and commit).
    expect(queries).toBe(database.current().kind === "pglite" ? 2 : 4);
  });

  test("ids no longer in the gallery are skipped; ones the sender did not know go last; repeats count once", async () => {
    const { gallery, ids } = await galleryWith(4);
    const stranger = (await galleryWith(1)).ids[0]!;
    const sent = [ids[2]!, stranger, ids[0]!, ids[2]!];
    const stored = await reorderGalleryProjects({ galleryId: gallery.id, projectIds: sent });
    expect(stored).toEqual([ids[2], ids[0], ids[1], ids[3]]);
    expect(await order(gallery.id)).toEqual({ ids: stored, orders: range(4) });
    await expect(reorderGalleryProjects({ galleryId: crypto.randomUUID(), projectIds: ids })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  test("two reorders racing leave 0..n-1, equal to one of them", async () => {
    for (let round = 0; round < 5; round++) {
      const { gallery, ids } = await galleryWith(8);
      const first = shuffled(ids);
      const second = shuffled(ids);
      await Promise.all([
        reorderGalleryProjects({ galleryId: gallery.id, projectIds: first }),
        reorderGalleryProjects({ galleryId: gallery.id, projectIds: second }),
      ]);
      const after = await order(gallery.id);
      expect(after.orders).toEqual(range(8));
      expect([first, second]).toContainEqual(after.ids);
    }
  });

  test("a reorder racing an add and a remove: 0..n-1, the sent order kept, the added ones last", async () => {
    for (let round = 0; round < 4; round++) {
      const { gallery, ids } = await galleryWith(5);
      const [added] = await newProjects(1);
      const sent = shuffled(ids);
      const victim = sent[2]!;
      await Promise.all([
        reorderGalleryProjects({ galleryId: gallery.id, projectIds: sent }),
        addProjectsToGallery({ galleryId: gallery.id, projectIds: [added!] }),
        removeProjectFromGallery({ galleryId: gallery.id, projectId: victim }),
      ]);
      const after = await order(gallery.id);
      expect(after.orders).toEqual(range(5));
      expect(new Set(after.ids).size).toBe(5);
      // Whichever ran first: the sent order without the removed one, the added one last.
      expect(after.ids).toEqual([...sent.filter((id) => id !== victim), added]);
    }
  });

  test("a reorder sent while a remove holds the gallery waits for it, then skips the removed project", async () => {
    const { gallery, ids } = await galleryWith(4);
    const sent = [ids[3]!, ids[1]!, ids[2]!, ids[0]!];
    let reordering: Promise<string[]> | undefined;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from galleries where id = ${gallery.id} for no key update`);
      await tx.delete(galleryProjects).where(eq(galleryProjects.projectId, ids[1]!));
      reordering = reorderGalleryProjects({ galleryId: gallery.id, projectIds: sent });
      await untilSomeoneWaitsForALock();
    });
    expect(await reordering).toEqual([ids[3], ids[2], ids[0]]);
    expect(await order(gallery.id)).toEqual({ ids: [ids[3], ids[2], ids[0]], orders: range(3) });
  });
});
