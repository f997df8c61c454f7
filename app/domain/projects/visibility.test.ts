// The visibility staff decide on the project form and see in the projects
// list, on a real database: Listed (Show in Gallery), In a published gallery,
// else Private; an unpublished gallery publishes nothing.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { factories } from "#tests/factories";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { getProjectForEdit, listProjects } from "./projects.server";

withTestDatabase();

describe("a project's visibility", () => {
  test("is Listed, In a published gallery or Private, in the list and on the form", async () => {
    const client = await makeClient();
    const listed = await makeProject({ clientId: client.id, title: "Vis Listed", showInGallery: true });
    const inGallery = await makeProject({ clientId: client.id, title: "Vis Gallery" });
    const hidden = await makeProject({ clientId: client.id, title: "Vis Private" });
    const published = await makeGallery({ isPublished: true });
    const draft = await makeGallery({ isPublished: false });
    const make = factories(db());
    await make.galleryProject({ galleryId: published.id, projectId: inGallery.id, displayOrder: 0 });
    await make.galleryProject({ galleryId: draft.id, projectId: hidden.id, displayOrder: 0 });
    // Listed wins over a gallery: Show in Gallery is what staff switch.
    await make.galleryProject({ galleryId: published.id, projectId: listed.id, displayOrder: 1 });

    const visibilities = async () =>
      Object.fromEntries(
        (await listProjects({ q: "Vis ", status: "", page: 1 })).rows.map((row) => [row.title, row.visibility]),
      );
    expect(await visibilities()).toEqual({
      "Vis Listed": "listed",
      "Vis Gallery": "gallery",
      "Vis Private": "private",
    });
    expect((await getProjectForEdit(inGallery.id))?.visibility).toBe("gallery");
    expect((await getProjectForEdit(hidden.id))?.visibility).toBe("private");

    await db().update(schema.galleries).set({ isPublished: false }).where(eq(schema.galleries.id, published.id));
    expect((await visibilities())["Vis Gallery"]).toBe("private");
    expect((await getProjectForEdit(listed.id))?.visibility).toBe("listed");
  });
});
