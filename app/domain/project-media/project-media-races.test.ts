// Project Media's writers racing: reorders, uploads, deletes, the featured image and videos at
// once. Row locks keep the orders 0..n-1, so this file also runs on PostgreSQL (vitest.config.ts,
// POSTGRES_TEST_FILES), where two transactions really overlap; the order rules one writer at a
// time are in project-media.test.ts, on the embedded database only.
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import {
  imageOrder,
  insertImages,
  newProject,
  range,
  shuffled,
  untilSomeoneWaitsForALock,
  upload,
  videoOrder,
} from "#tests/helpers/media";
import * as images from "#tests/fixtures/images/generate";
import { db, schema } from "~/.server/db";
import { uploadProjectImage } from "~/domain/media/media.server";
import { deleteImage, reorderImages, setFeaturedImage } from "./images.server";
import { closeGaps } from "./ordering.server";
import { addVideo, reorderVideos } from "./videos.server";

const database = withTestDatabase();
const { projectImages } = schema;

describe("images racing", () => {
  test("two reorders racing leave 0..n-1, equal to one of them", async () => {
    for (let round = 0; round < 5; round++) {
      const project = await newProject();
      const ids = await insertImages(project.id, "3d_renders", 8);
      const first = shuffled(ids);
      const second = shuffled(ids);
      await Promise.all([
        reorderImages({ projectId: project.id, category: "3d_renders", ids: first }),
        reorderImages({ projectId: project.id, category: "3d_renders", ids: second }),
      ]);
      const after = await imageOrder(project.id, "3d_renders");
      expect(after.orders).toEqual(range(8));
      expect([first, second]).toContainEqual(after.ids);
    }
  });

  test("a reorder sent while a delete is in progress waits for it, then skips the deleted image", async () => {
    const project = await newProject();
    const ids = await insertImages(project.id, "3d_renders", 4);
    const sent = [ids[3]!, ids[1]!, ids[2]!, ids[0]!];
    let reordering: Promise<string[]> | undefined;
    // A delete holding the project (deleted and renumbered, not yet committed) while the reorder arrives.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select id from projects where id = ${project.id} for no key update`);
      await tx.delete(projectImages).where(eq(projectImages.id, ids[1]!));
      await closeGaps(tx, projectImages, eq(projectImages.projectId, project.id));
      reordering = reorderImages({ projectId: project.id, category: "3d_renders", ids: sent });
      await untilSomeoneWaitsForALock(database.current().kind);
    });
    expect(await reordering).toEqual([ids[3], ids[2], ids[0]]);
    expect(await imageOrder(project.id, "3d_renders")).toEqual({ ids: [ids[3], ids[2], ids[0]], orders: [0, 1, 2] });
  });

  test("a reorder racing an upload and a delete: 0..n-1, the sent order kept, the new image present", async () => {
    for (let round = 0; round < 3; round++) {
      const project = await newProject();
      const existing = await Promise.all(range(4).map(() => images.jpeg(240, 180)));
      const ids: string[] = [];
      for (const bytes of existing) {
        ids.push(
          (await uploadProjectImage({ projectId: project.id, category: "3d_renders", stream: Readable.from([bytes]) }))
            .id,
        );
      }
      const sent = shuffled(ids);
      const victim = sent[1]!;
      const [, uploaded] = await Promise.all([
        reorderImages({ projectId: project.id, category: "3d_renders", ids: sent }),
        upload(project.id, "3d_renders"),
        deleteImage({ projectId: project.id, imageId: victim }),
      ]);
      const after = await imageOrder(project.id, "3d_renders");
      expect(after.orders).toEqual(range(4));
      expect(new Set(after.ids).size).toBe(4);
      expect(after.ids).toContain(uploaded.id);
      expect(after.ids).not.toContain(victim);
      expect(after.ids.filter((id) => id !== uploaded.id)).toEqual(sent.filter((id) => id !== victim));
    }
  });

  test("two images made featured at once: exactly one is", async () => {
    const project = await newProject();
    const [a, b] = await insertImages(project.id, "3d_renders", 2);
    await Promise.all([
      setFeaturedImage({ projectId: project.id, imageId: a!, featured: true }),
      setFeaturedImage({ projectId: project.id, imageId: b!, featured: true }),
    ]);
    const featured = await db()
      .select({ id: projectImages.id })
      .from(projectImages)
      .where(and(eq(projectImages.projectId, project.id), eq(projectImages.isFeatured, true)));
    expect(featured).toHaveLength(1);
  });
});

describe("videos racing", () => {
  const url = (id: string) => `https://www.youtube.com/watch?v=${id}`;

  test("two adds racing get distinct orders", async () => {
    const project = await newProject();
    await addVideo({ projectId: project.id, title: "One", youtubeUrl: url("bbbbbbbbbbb"), category: "3d_renders" });
    const added = await Promise.all(
      ["Two", "Three", "Four"].map((title) =>
        addVideo({ projectId: project.id, title, youtubeUrl: url("ccccccccccc"), category: "real_videos" }),
      ),
    );
    expect(added.map((v) => v.displayOrder).sort()).toEqual([1, 2, 3]);
    expect((await videoOrder(project.id)).orders).toEqual(range(4));
  });

  test("two video reorders racing, and a reorder racing an add, leave 0..n-1", async () => {
    const project = await newProject();
    const ids: string[] = [];
    for (const title of ["A", "B", "C", "D", "E"]) {
      ids.push(
        (await addVideo({ projectId: project.id, title, youtubeUrl: url("fffffffffff"), category: "3d_renders" })).id,
      );
    }
    const first = shuffled(ids);
    const second = shuffled(ids);
    await Promise.all([
      reorderVideos({ projectId: project.id, ids: first }),
      reorderVideos({ projectId: project.id, ids: second }),
    ]);
    const after = await videoOrder(project.id);
    expect(after.orders).toEqual(range(5));
    expect([first, second]).toContainEqual(after.ids);

    const sent = shuffled(ids);
    const [, added] = await Promise.all([
      reorderVideos({ projectId: project.id, ids: sent }),
      addVideo({ projectId: project.id, title: "F", youtubeUrl: url("ggggggggggg"), category: "real_videos" }),
    ]);
    const final = await videoOrder(project.id);
    expect(final.orders).toEqual(range(6));
    expect(final.ids.filter((id) => id !== added.id)).toEqual(sent);
  });
});
