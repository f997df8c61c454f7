// Uploads racing for one project's image order: row locks, so this file also runs on
// PostgreSQL (vitest.config.ts, POSTGRES_TEST_FILES), where two transactions really overlap.
// The rest of uploadProjectImage's rules are in media.test.ts, on the embedded database only.
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { newProject, storedKeys, untilSomeoneWaitsForALock } from "#tests/helpers/media";
import * as images from "#tests/fixtures/images/generate";
import { db, schema } from "~/.server/db";
import { uploadProjectImage } from "./media.server";

const database = withTestDatabase();

const streamOf = (bytes: Buffer) => Readable.from([bytes]);

describe("uploadProjectImage racing", () => {
  test("two uploads at once to one project and category are both kept, with distinct keys and orders", async () => {
    const project = await newProject();
    const [a, b] = await Promise.all([images.jpeg(900, 600), images.png(900, 600)]);
    const results = await Promise.all(
      [a, b].map((bytes) =>
        uploadProjectImage({ projectId: project.id, category: "photos_installation", stream: streamOf(bytes) }),
      ),
    );
    expect(results[0]!.key).not.toBe(results[1]!.key);
    expect(results.map((r) => r.displayOrder).sort()).toEqual([0, 1]);
    const rows = await db().select().from(schema.projectImages).where(eq(schema.projectImages.projectId, project.id));
    expect(rows.map((r) => r.displayOrder).sort()).toEqual([0, 1]);
    for (const result of results) expect(await storedKeys(result.key)).toEqual([result.key]);
  });

  test("an upload waits while another holds the project, then numbers after it", async () => {
    const project = await newProject();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Another upload's transaction, caught between reading the highest order and committing its row.
    const holder = db().transaction(async (tx) => {
      await tx.select().from(schema.projects).where(eq(schema.projects.id, project.id)).for("update");
      locked();
      await gate;
      await tx.insert(schema.projectImages).values({
        projectId: project.id,
        imageCategory: "3d_renders",
        storageKey: `project-files/${project.id}/3d_renders/0-held.jpg`,
        width: 10,
        height: 10,
        displayOrder: 0,
      });
    });
    await lockTaken;
    const uploading = uploadProjectImage({
      projectId: project.id,
      category: "3d_renders",
      stream: streamOf(await images.jpeg(300, 200)),
    });
    await untilSomeoneWaitsForALock(database.current().kind, 1500);
    release();
    await holder;
    expect((await uploading).displayOrder).toBe(1);
  });
});
