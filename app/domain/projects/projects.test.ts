// Projects on a real database: saving (numerics, names, conflicts, hidden
// sections), the list (search, filter, pages, counts, one statement), options
// (idempotent adds racing), delete (contracts, files after rows) and duplicate.
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { withoutHistory } from "#tests/helpers/history";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeOption, makeProject } from "#tests/helpers/factories";
import { createUser, type TestUser } from "#tests/helpers/users";
import * as images from "#tests/fixtures/images/generate";
import { db, schema } from "~/.server/db";
import { storage } from "~/.server/storage";
import { uploadProjectImage } from "~/domain/media/media.server";
import { DuplicateError, InUseError, NotFoundError, StaleRecordError } from "../errors";
import { deleteProject, duplicateProject } from "./project-lifecycle.server";
import { addProjectOption, removeProjectOption } from "./project-options.server";
import { getProjectForEdit, listProjects, saveProject } from "./projects.server";
import { projectFormSchema } from "./schema";

const database = withTestDatabase();
const { projects, projectOptions, projectImages, projectVideos, contracts } = schema;

const blank = { q: "", status: "" as const, page: 1 };
let staff: TestUser | undefined;
async function user() {
  staff ??= await createUser({ role: "staff" });
  return staff;
}

const values = (input: Record<string, string>) => projectFormSchema.parse(input);

describe("saving a project", () => {
  test("decimals travel as text and come back exactly; empty numbers are null; created_by is the user", async () => {
    const client = await makeClient();
    const me = await user();
    const { id } = await saveProject({
      values: values({
        title: "Harbour Adventure",
        clientId: client.id,
        salePrice: "125000.5",
        capacity: "60",
        hasMainPlayground: "on",
        mainPlaygroundLength: "12.3",
        mainPlaygroundWidth: "0.1",
        mainPlaygroundHeight: "",
        levels: "3",
        sqFeet: "1,234.56",
        showInGallery: "on",
      }),
      userId: me.id,
    });
    const saved = (await getProjectForEdit(id))!;
    expect(saved).toMatchObject({
      salePrice: "125000.50",
      capacity: 60,
      hasMainPlayground: true,
      mainPlaygroundLength: "12.30",
      mainPlaygroundWidth: "0.10",
      mainPlaygroundHeight: null,
      levels: 3,
      sqFeet: "1234.56",
      status: "draft",
      // Only the edit form has the switch: a new project starts out of the gallery.
      showInGallery: false,
      toddlerZoneLength: null,
    });
    // What the form shows is what the schema writes back: no drift on a second save.
    expect(
      values({
        title: "x",
        clientId: client.id,
        hasMainPlayground: "on",
        mainPlaygroundLength: saved.mainPlaygroundLength!,
      }).dimensions.mainPlaygroundLength,
    ).toBe("12.30");
    const [row] = await db().select({ createdBy: projects.createdBy }).from(projects).where(eq(projects.id, id));
    expect(row?.createdBy).toBe(me.id);
  });

  test("a project name in use names the other project; the database refuses reserved names too", async () => {
    const client = await makeClient();
    await makeProject({ clientId: client.id, title: "Pirate Cove", projectName: "pirate-cove" });
    const attempt = saveProject({
      values: values({ title: "Another", clientId: client.id, projectName: "pirate-cove" }),
      userId: (await user()).id,
    });
    await expect(attempt).rejects.toThrow(
      new DuplicateError('This project name is already used by "Pirate Cove".', "projectName"),
    );
    await expect(attempt).rejects.toMatchObject({ field: "projectName" });
    await expect(makeProject({ clientId: client.id, projectName: "admin" })).rejects.toThrow();
    await expect(makeProject({ clientId: client.id, projectName: "Bad Name" })).rejects.toThrow();
  });

  test("keeping its own name is not a clash", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, projectName: "own-name" });
    const opened = (await getProjectForEdit(project.id))!;
    await saveProject({
      id: project.id,
      values: values({ title: "Renamed", clientId: client.id, projectName: "own-name", version: opened.version }),
      userId: (await user()).id,
    });
    expect((await getProjectForEdit(project.id))?.title).toBe("Renamed");
  });

  test("two people editing: the second save is refused and nothing is overwritten", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, title: "Original" });
    const opened = (await getProjectForEdit(project.id))!;
    const me = (await user()).id;
    await saveProject({
      id: project.id,
      values: values({ title: "First", clientId: client.id, version: opened.version }),
      userId: me,
    });
    await expect(
      saveProject({
        id: project.id,
        values: values({ title: "Second", clientId: client.id, version: opened.version }),
        userId: me,
      }),
    ).rejects.toBeInstanceOf(StaleRecordError);
    expect((await getProjectForEdit(project.id))?.title).toBe("First");
  });

  test("a block switched off and an unfeatured project keep their saved values", async () => {
    const client = await makeClient();
    const project = await makeProject({
      clientId: client.id,
      hasToddlerZone: true,
      toddlerZoneLength: "20.50",
      toddlerZoneLevels: 1,
      isFeatured: true,
      featuredUrl: "https://example.com/featured",
    });
    const opened = (await getProjectForEdit(project.id))!;
    await saveProject({
      id: project.id,
      values: values({ title: "Toddlers", clientId: client.id, version: opened.version }),
      userId: (await user()).id,
    });
    expect(await getProjectForEdit(project.id)).toMatchObject({
      hasToddlerZone: false,
      toddlerZoneLength: "20.50",
      toddlerZoneLevels: 1,
      isFeatured: false,
      featuredUrl: "https://example.com/featured",
    });
  });
});

describe("the projects list", () => {
  test("search on title and project name (wildcards literal), the status filter, drafts under All Status", async () => {
    const client = await makeClient({ name: "Search Client" });
    const byTitle = await makeProject({ clientId: client.id, title: "Jungle GYM Tower", status: "completed" });
    const byName = await makeProject({
      clientId: client.id,
      title: "Other",
      projectName: "jungle-run",
      status: "planning",
    });
    const draft = await makeProject({ clientId: client.id, title: "Jungle sketch" });
    await makeProject({ clientId: client.id, title: "Unrelated 100% fun" });

    const found = (await listProjects({ ...blank, q: "jungle" })).rows.map((r) => r.id);
    expect(found.sort()).toEqual([byTitle.id, byName.id, draft.id].sort());
    expect((await listProjects({ ...blank, q: "jungle", status: "completed" })).rows.map((r) => r.id)).toEqual([
      byTitle.id,
    ]);
    expect((await listProjects({ ...blank, q: "%" })).rows.map((r) => r.title)).toEqual(["Unrelated 100% fun"]);
    expect((await listProjects({ ...blank, q: "_" })).rows).toEqual([]);
  });

  test("rows carry the client, the installation date and the three counts, newest first", async () => {
    const client = await makeClient({ name: "Counting Council" });
    const older = await makeProject({ clientId: client.id, title: "Count Older", endDate: "2025-03-07" });
    const newer = await makeProject({ clientId: client.id, title: "Count Newer" });
    for (let i = 0; i < 3; i++) {
      await db()
        .insert(projectImages)
        .values({
          projectId: older.id,
          storageKey: `project-files/${older.id}/3d_renders/${i}.jpg`,
          width: 10,
          height: 10,
          displayOrder: i,
          imageCategory: i === 2 ? "photos_completed" : "3d_renders",
        });
    }
    await db().insert(projectVideos).values({
      projectId: older.id,
      title: "Walkthrough",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      youtubeId: "dQw4w9WgXcQ",
      displayOrder: 0,
      videoCategory: "3d_renders",
    });
    const [a, b] = [await makeOption(), await makeOption()];
    await db()
      .insert(projectOptions)
      .values([
        { projectId: older.id, optionId: a.id },
        { projectId: older.id, optionId: b.id },
        { projectId: newer.id, optionId: a.id },
      ]);
    const rows = (await listProjects({ ...blank, q: "Count " })).rows;
    expect(rows.map((r) => r.title)).toEqual(["Count Newer", "Count Older"]);
    expect(rows[1]).toMatchObject({
      clientName: "Counting Council",
      endDate: "2025-03-07",
      imageCount: 3,
      videoCount: 1,
      optionCount: 2,
    });
    expect(rows[0]).toMatchObject({ endDate: null, imageCount: 0, videoCount: 0, optionCount: 1 });
  });

  test("pages of 25 with the total, from one SQL statement (two only past the last page)", async () => {
    const client = await makeClient();
    for (let i = 0; i < 30; i++)
      await makeProject({ clientId: client.id, title: `Paged ${String(i).padStart(2, "0")}` });
    const raw = database.current().raw as unknown as { query: (...args: unknown[]) => unknown };
    const spy = vi.spyOn(raw, "query");
    try {
      const first = await listProjects({ ...blank, q: "Paged" });
      expect(spy).toHaveBeenCalledTimes(1);
      expect(first).toMatchObject({ total: 30, pageCount: 2 });
      expect(first.rows).toHaveLength(25);
      const second = await listProjects({ ...blank, q: "Paged", page: 2 });
      expect(second.rows).toHaveLength(5);
      expect(spy).toHaveBeenCalledTimes(2);
      const beyond = await listProjects({ ...blank, q: "Paged", page: 9 });
      expect(beyond).toMatchObject({ rows: [], total: 30 });
      expect(spy).toHaveBeenCalledTimes(4);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("playground options of a project", () => {
  test("two adds of the same option at once leave one row; remove takes it away", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const option = await makeOption({ optionName: "Racing Slide" });
    const results = await Promise.all([
      addProjectOption(project.id, option.id),
      addProjectOption(project.id, option.id),
    ]);
    expect(results).toEqual([{ name: "Racing Slide" }, { name: "Racing Slide" }]);
    const links = () => db().select().from(projectOptions).where(eq(projectOptions.projectId, project.id));
    expect(await links()).toHaveLength(1);
    // The key itself refuses a second row, whatever the code above it does.
    await expect(db().insert(projectOptions).values({ projectId: project.id, optionId: option.id })).rejects.toThrow();

    expect(await removeProjectOption(project.id, option.id)).toEqual({ name: "Racing Slide" });
    expect(await links()).toEqual([]);
    await removeProjectOption(project.id, option.id);
  });

  test("an option or a project that is gone is a clear refusal", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const option = await makeOption();
    const nowhere = "00000000-0000-4000-8000-000000000000";
    await expect(addProjectOption(project.id, nowhere)).rejects.toBeInstanceOf(NotFoundError);
    await expect(addProjectOption(nowhere, option.id)).rejects.toThrow(
      new NotFoundError("This project no longer exists."),
    );
  });
});

describe("deleting a project", () => {
  test("refused while a contract references it, with a message that says so", async () => {
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id, title: "Signed Park" });
    await db().insert(contracts).values({ projectId: project.id });
    await expect(deleteProject(project.id)).rejects.toThrow(
      new InUseError('"Signed Park" has 1 contract, so it cannot be deleted.'),
    );
    expect(await getProjectForEdit(project.id)).not.toBeNull();
    await expect(deleteProject("00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(NotFoundError);
  });

  test("rows go by cascade, and the image files only once the rows are gone", async () => {
    await withoutHistory(["project_images"], async () => {
      const client = await makeClient();
      const project = await makeProject({ clientId: client.id, title: "Doomed Dunes" });
      const option = await makeOption();
      await addProjectOption(project.id, option.id);
      const uploaded = [];
      for (const category of ["3d_renders", "photos_completed"] as const) {
        uploaded.push(
          await uploadProjectImage({
            projectId: project.id,
            category,
            stream: Readable.from(await images.png(700, 500)),
          }),
        );
      }
      const store = storage();
      const exists = async (key: string) => {
        const object = await store.get(key);
        object?.body.destroy();
        return object !== null;
      };
      expect(await exists(uploaded[0]!.key)).toBe(true);

      const rowsWhenDeleting: number[] = [];
      const remove = store.delete.bind(store);
      const spy = vi.spyOn(store, "delete").mockImplementation(async (key) => {
        const [row] = await db()
          .execute<{ n: number }>(sql`select count(*)::int as n from project_images where project_id = ${project.id}`)
          .then((result) => result.rows);
        rowsWhenDeleting.push(row!.n);
        return remove(key);
      });
      try {
        expect(await deleteProject(project.id)).toEqual({ name: "Doomed Dunes" });
      } finally {
        spy.mockRestore();
      }
      expect(rowsWhenDeleting.length).toBeGreaterThanOrEqual(uploaded.length * 2); // originals and variants
      expect(new Set(rowsWhenDeleting)).toEqual(new Set([0]));
      for (const image of uploaded) expect(await exists(image.key)).toBe(false);
      expect(await db().select().from(projectOptions).where(eq(projectOptions.projectId, project.id))).toEqual([]);
      expect(await db().select().from(projectImages).where(eq(projectImages.projectId, project.id))).toEqual([]);
    });
  });
});

describe("duplicating a project", () => {
  test("copies fields and options, not media; a draft without a project name, out of the gallery", async () => {
    const client = await makeClient();
    const me = await user();
    const source = await makeProject({
      clientId: client.id,
      title: "Castle Keep",
      projectName: "castle-keep",
      description: "Turrets and a drawbridge.",
      status: "completed",
      showInGallery: true,
      endDate: "2024-09-01",
      themeStyle: "Medieval",
      salePrice: "98000.00",
      hasSportCourt: true,
      sportCourtLength: "60.00",
    });
    const [a, b] = [await makeOption(), await makeOption()];
    await addProjectOption(source.id, a.id);
    await addProjectOption(source.id, b.id);
    await db().insert(projectVideos).values({
      projectId: source.id,
      title: "Tour",
      youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
      youtubeId: "dQw4w9WgXcQ",
      displayOrder: 0,
      videoCategory: "real_videos",
    });

    const copy = await duplicateProject(source.id, me.id);
    expect(copy.title).toBe("Castle Keep (copy)");
    const saved = (await getProjectForEdit(copy.id))!;
    expect(saved).toMatchObject({
      title: "Castle Keep (copy)",
      projectName: null,
      status: "draft",
      showInGallery: false,
      description: "Turrets and a drawbridge.",
      endDate: "2024-09-01",
      themeStyle: "Medieval",
      salePrice: "98000.00",
      hasSportCourt: true,
      sportCourtLength: "60.00",
      clientId: client.id,
    });
    expect(saved.optionIds.sort()).toEqual([a.id, b.id].sort());
    expect(await db().select().from(projectVideos).where(eq(projectVideos.projectId, copy.id))).toEqual([]);
    const [row] = await db().select({ createdBy: projects.createdBy }).from(projects).where(eq(projects.id, copy.id));
    expect(row?.createdBy).toBe(me.id);
  });
});
