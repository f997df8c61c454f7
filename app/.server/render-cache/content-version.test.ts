// The content version moves with every committed write a public page could
// show, once per transaction, and with nothing else; this process hears of it.
import pg from "pg";
import { describe, expect, test, vi } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeIndustryType, makeOption, makeProject } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { saveCompany } from "~/domain/company/company.server";
import { createGallery, setGalleryPublished } from "~/domain/galleries/galleries.server";
import { addProjectsToGallery, reorderGalleryProjects } from "~/domain/galleries/gallery-projects.server";
import { createIndustryType, deleteIndustryType } from "~/domain/industry-types/industry-types.server";
import { addVideo, reorderVideos } from "~/domain/project-media/videos.server";
import { addProjectOption, removeProjectOption } from "~/domain/projects/project-options.server";
import { deleteProject, duplicateProject } from "~/domain/projects/project-lifecycle.server";
import { type ChangeFeed, listenForChanges } from "../live/changes";
import { logger } from "../logger";
import { DECLARED } from "~/tables/declared";
import { type ContentVersion, readContentVersion, watchContentVersion } from "./content-version";

const database = withTestDatabase();

const version = () => readContentVersion(database.current());

/** How much the version moved while `write` ran. */
async function bumps(write: () => Promise<unknown>): Promise<number> {
  const before = await version();
  await write();
  return (await version()) - before;
}

const sql = (text: string) => () => db().execute(text);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Every table a public page reads, each with an insert, an update and a delete of one row. */
function writes() {
  const base = `
    insert into industry_types (id, name) values ('${uuid(1)}', 'Parks ${uuid(1)}') on conflict do nothing;
    insert into clients (id, name) values ('${uuid(2)}', 'Client') on conflict do nothing;
    insert into projects (id, title, client_id) values ('${uuid(3)}', 'Project', '${uuid(2)}') on conflict do nothing;
    insert into galleries (id, name, slug) values ('${uuid(4)}', 'Gallery', 'gallery-${uuid(4).slice(-4)}') on conflict do nothing;
    insert into playground_options (id, option_name) values ('${uuid(5)}', 'Option ${uuid(5)}') on conflict do nothing;`;
  return {
    base,
    tables: {
      industry_types: [
        `insert into industry_types (id, name) values ('${uuid(11)}', 'Museums ${uuid(11)}')`,
        `update industry_types set name = 'Museums renamed' where id = '${uuid(11)}'`,
        `delete from industry_types where id = '${uuid(11)}'`,
      ],
      clients: [
        `insert into clients (id, name) values ('${uuid(12)}', 'Other client')`,
        `update clients set location = 'Town' where id = '${uuid(12)}'`,
        `delete from clients where id = '${uuid(12)}'`,
      ],
      projects: [
        `insert into projects (id, title, client_id) values ('${uuid(13)}', 'Another', '${uuid(2)}')`,
        `update projects set title = 'Renamed' where id = '${uuid(13)}'`,
        `delete from projects where id = '${uuid(13)}'`,
      ],
      project_images: [
        `insert into project_images (id, project_id, storage_key, width, height, display_order, image_category)
           values ('${uuid(14)}', '${uuid(3)}', 'project-files/t/${uuid(14)}.jpg', 800, 600, 0, 'photos_completed')`,
        `update project_images set caption = 'A slide' where id = '${uuid(14)}'`,
        `delete from project_images where id = '${uuid(14)}'`,
      ],
      project_videos: [
        `insert into project_videos (id, project_id, title, youtube_url, youtube_id, display_order, video_category)
           values ('${uuid(15)}', '${uuid(3)}', 'Tour', 'https://youtu.be/abcdefghijk', 'abcdefghijk', 0, 'real_videos')`,
        `update project_videos set title = 'Walk' where id = '${uuid(15)}'`,
        `delete from project_videos where id = '${uuid(15)}'`,
      ],
      project_options: [
        `insert into project_options (project_id, option_id) values ('${uuid(3)}', '${uuid(5)}')`,
        `update project_options set option_id = option_id where project_id = '${uuid(3)}'`,
        `delete from project_options where project_id = '${uuid(3)}'`,
      ],
      playground_options: [
        `insert into playground_options (id, option_name) values ('${uuid(16)}', 'Swings ${uuid(16)}')`,
        `update playground_options set description = 'Two seats' where id = '${uuid(16)}'`,
        `delete from playground_options where id = '${uuid(16)}'`,
      ],
      galleries: [
        `insert into galleries (id, name, slug) values ('${uuid(17)}', 'Second', 'second-${uuid(17).slice(-4)}')`,
        `update galleries set is_published = true where id = '${uuid(17)}'`,
        `delete from galleries where id = '${uuid(17)}'`,
      ],
      gallery_projects: [
        `insert into gallery_projects (gallery_id, project_id, display_order) values ('${uuid(4)}', '${uuid(3)}', 0)`,
        `update gallery_projects set display_order = 1 where gallery_id = '${uuid(4)}'`,
        `delete from gallery_projects where gallery_id = '${uuid(4)}'`,
      ],
      company_settings: [
        `insert into company_settings (id, name) values (1, 'Acme Play') on conflict (id) do update set name = excluded.name`,
        `update company_settings set phone = '555 0100' where id = 1`,
        `delete from company_settings where id = 1`,
      ],
    } satisfies Record<string, [string, string, string]>,
  };
}

describe("the content version", () => {
  test("every table a public page reads: an insert, an update and a delete each bump it", async () => {
    const { base, tables } = writes();
    for (const statement of base.split(";").filter((s) => s.trim())) await db().execute(statement);
    for (const [table, statements] of Object.entries(tables)) {
      for (const statement of statements) {
        expect(await bumps(sql(statement)), `${table}: ${statement.trim().split(" ")[0]}`).toBe(1);
      }
    }
  });

  test("every table a public page reads, as the tables declare it (app/tables), is watched, and no other", async () => {
    const { rows } = await db().execute<{ table: string; watched: boolean }>(`
      select c.relname as table,
        exists (
          select 1 from pg_trigger t
          where t.tgrelid = c.oid and t.tgname = c.relname || '_changes'
            and split_part(encode(t.tgargs, 'escape'), '\\000', 3) = 'public'
        ) as watched
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`);
    // Every table declares whether a public page reads it (tables.test.ts holds every table to a declaration).
    const declared = [...DECLARED].filter(([, declaration]) => declaration.public).map(([table]) => table);
    const watched = rows.filter((row) => row.watched).map((row) => row.table);
    expect(watched.sort()).toEqual(declared.sort());
    // The writes above try each of them (a new one is watched by the same generated trigger).
    expect(Object.keys(writes().tables).filter((table) => !declared.includes(table))).toEqual([]);
  });

  test("writes to private tables leave it alone", async () => {
    const client = await makeClient();
    expect(
      await bumps(() => db().insert(schema.contacts).values({ name: "Pat", clientId: client.id, email: "pat@x.test" })),
    ).toBe(0);
    expect(await bumps(sql(`update contacts set phone = '1' where client_id = '${client.id}'`))).toBe(0);
  });

  test("a transaction of many writes bumps it once, at commit; a rolled-back one not at all", async () => {
    const client = await makeClient();
    expect(
      await bumps(() =>
        db().transaction(async (tx) => {
          for (let i = 0; i < 5; i++)
            await tx.insert(schema.projects).values({ title: `Batch ${i}`, clientId: client.id });
          await tx.update(schema.clients).set({ location: "Harbour" });
        }),
      ),
    ).toBe(1);
    expect(
      await bumps(async () => {
        await db()
          .transaction(async (tx) => {
            await tx.insert(schema.projects).values({ title: "Never", clientId: client.id });
            throw new Error("rolled back");
          })
          .catch(() => {});
      }),
    ).toBe(0);
  });

  test("TRUNCATE bumps it", async () => {
    expect(await bumps(sql("truncate gallery_projects"))).toBe(1);
  });

  test("the domain's writes bump it: projects, media, options, galleries and their order, company, industry types", async () => {
    const owner = await createUser();
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const other = await makeProject({ clientId: client.id });
    const option = await makeOption();
    const gallery = await createGallery(
      { name: "Bumps", slug: `bumps-${Date.now()}`, description: null, isPublished: false },
      owner.id,
    );

    const video = async () =>
      addVideo({
        projectId: project.id,
        title: "Tour",
        youtubeUrl: "https://youtu.be/abcdefghijk",
        category: "real_videos",
      });
    const cases: [string, () => Promise<unknown>][] = [
      ["add a video", video],
      ["reorder videos", async () => reorderVideos({ projectId: project.id, ids: [(await video()).id] })],
      ["add an option to a project", () => addProjectOption(project.id, option.id)],
      ["remove it", () => removeProjectOption(project.id, option.id)],
      ["publish a gallery", () => setGalleryPublished(gallery.id, true)],
      ["add projects to it", () => addProjectsToGallery({ galleryId: gallery.id, projectIds: [project.id, other.id] })],
      ["reorder them", () => reorderGalleryProjects({ galleryId: gallery.id, projectIds: [other.id, project.id] })],
      ["save the company's details", () => saveCompany({ name: "Acme Play" } as Parameters<typeof saveCompany>[0])],
      ["create an industry type", () => createIndustryType({ name: `Zoos ${Date.now()}`, description: null })],
      ["delete one", async () => deleteIndustryType((await makeIndustryType()).id)],
      ["duplicate a project", () => duplicateProject(project.id, owner.id)],
      ["delete a project", () => deleteProject(other.id)],
    ];
    for (const [name, write] of cases) {
      // A case that makes its own fixture (a video, a type) moves it twice; none may leave it alone.
      expect(await bumps(write), name).toBeGreaterThanOrEqual(1);
    }
  });
});

/** Each lookup gets a stamp of its own: nothing cached is current. */
const isDeaf = (watch: ContentVersion) =>
  vi.waitFor(() => expect(watch.stamp).not.toBe(watch.stamp), { timeout: 5000, interval: 5 });

/** Listening again: `written` is known, and the stamp holds still. */
const hearsAgain = (watch: ContentVersion, written: number) =>
  vi.waitFor(
    () => {
      expect(watch.version).toBe(written);
      expect(watch.stamp).toBe(watch.stamp);
    },
    { timeout: 10_000, interval: 20 },
  );

describe("this process hears of new versions", () => {
  test("a committed write changes the stamp before the next request looks", async () => {
    const watch = await watchContentVersion(database.current());
    try {
      const client = await makeClient();
      const before = watch.stamp;
      if (database.current().kind === "pglite") {
        // PGlite delivers the NOTIFY before the committing query returns.
        await makeProject({ clientId: client.id });
        expect(watch.stamp).toBeGreaterThan(before);
      } else {
        await makeProject({ clientId: client.id });
        // What this process wrote, it reads back before the next lookup.
        watch.recheck();
        await watch.settling;
        expect(watch.stamp).toBeGreaterThan(before);
      }
      const unchanged = watch.stamp;
      await db().execute("select 1");
      expect(watch.stamp).toBe(unchanged);
    } finally {
      await watch.stop();
    }
  });

  test.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    "PostgreSQL: a write by another connection (another instance) is heard through LISTEN",
    async () => {
      // Only the LISTEN connection can tell it.
      const watch = await watchContentVersion(database.current());
      const other = new pg.Client((database.current().raw as pg.Pool).options);
      await other.connect();
      try {
        const before = watch.stamp;
        await other.query("insert into industry_types (name) values ($1)", [`Elsewhere ${Date.now()}`]);
        await vi.waitFor(() => expect(watch.stamp).toBeGreaterThan(before), { timeout: 5000, interval: 20 });
      } finally {
        await other.end();
        await watch.stop();
      }
    },
  );

  test.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    "PostgreSQL: while the listening connection is lost nothing cached is current, and once it is back the version is read again",
    async () => {
      const watch = await watchContentVersion(database.current());
      const other = new pg.Client((database.current().raw as pg.Pool).options);
      await other.connect();
      try {
        await vi.waitFor(() => expect(watch.stamp).toBe(watch.stamp), { timeout: 5000, interval: 20 });
        await other.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database()
             and (query = 'listen playfolio_changes' or application_name like 'playfolio-cache %')`,
        );
        // Deaf: each lookup is its own, so no page rendered before a write it cannot hear is served after it.
        await isDeaf(watch);
        await other.query("insert into industry_types (name) values ($1)", [`While deaf ${Date.now()}`]);
        const written = await version();
        // Back: the write made meanwhile is known, and the stamp holds still again.
        await hearsAgain(watch, written);
        const back = watch.stamp;
        await other.query("insert into industry_types (name) values ($1)", [`Heard again ${Date.now()}`]);
        await vi.waitFor(() => expect(watch.stamp).toBeGreaterThan(back), { timeout: 5000, interval: 20 });
      } finally {
        await other.end();
        await watch.stop();
      }
    },
  );

  test.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    "PostgreSQL: a listening connection that stops answering (its backend frozen) is noticed, and nothing cached is current until one answers",
    async () => {
      const feed = await listenForChanges(database.current(), { heartbeatMs: 100 });
      const watch = await watchContentVersion(database.current(), { feed });
      const other = new pg.Client((database.current().raw as pg.Pool).options);
      await other.connect();
      let frozen: number | undefined;
      try {
        await vi.waitFor(() => expect(watch.stamp).toBe(watch.stamp), { timeout: 5000, interval: 20 });
        const { rows } = await other.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database()
             and (query = 'listen playfolio_changes' or application_name like 'playfolio-cache %' or query = 'select 1')
             and pid <> pg_backend_pid()`,
        );
        expect(rows).toHaveLength(1);
        frozen = rows[0]!.pid;
        process.kill(frozen, "SIGSTOP");
        await isDeaf(watch);
        await other.query("insert into industry_types (name) values ($1)", [`Unheard ${Date.now()}`]);
        const written = await version();
        await hearsAgain(watch, written);
      } finally {
        if (frozen) process.kill(frozen, "SIGCONT");
        await other.end();
        await watch.stop();
        await feed.stop();
      }
    },
  );

  test.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    "PostgreSQL: a listener whose first connection fails starts deaf, and hears once it gets through",
    async () => {
      const real = database.current();
      const options = { ...(real.raw as pg.Pool).options };
      const working = options.connectionString!;
      const refused = new URL(working);
      refused.port = "1";
      options.connectionString = refused.toString();
      const feed = await listenForChanges({ ...real, raw: { options } as unknown as pg.Pool }, { reconnectMs: 50 });
      const watch = await watchContentVersion(real, { feed });
      try {
        expect(watch.stamp).not.toBe(watch.stamp);
        options.connectionString = working;
        await vi.waitFor(() => expect(watch.stamp).toBe(watch.stamp), { timeout: 10_000, interval: 20 });
        expect(watch.version).toBe(await version());
      } finally {
        await watch.stop();
        await feed.stop();
      }
    },
  );

  test.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    "PostgreSQL: a write's recheck returns once every other instance has heard of it, or has been waited for long enough",
    async () => {
      // Instance B hears everything 300 ms late; instance C never hears anything.
      const late = await listenForChanges(database.current());
      const lateFeed: ChangeFeed = {
        ...late,
        name: late.name,
        subscribe: (listener) => late.subscribe((change) => void setTimeout(() => listener(change), 300)),
      };
      const deaf = await listenForChanges(database.current());
      const deafFeed: ChangeFeed = { ...deaf, name: deaf.name, subscribe: () => () => {} };
      const b = await watchContentVersion(database.current(), { feed: lateFeed });
      const a = await watchContentVersion(database.current());
      try {
        await makeClient();
        let started = performance.now();
        await a.recheck();
        expect(a.version).toBe(await version());
        expect(b.version, "B knows the write once A's recheck returns").toBe(a.version);
        expect(performance.now() - started).toBeGreaterThanOrEqual(250);

        // C says it knows an older version and never hears more: waited for, 400 ms here (1 s in production).
        const c = await watchContentVersion(database.current(), { feed: deafFeed, heardWaitMs: 400 });
        const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
        try {
          await makeClient();
          started = performance.now();
          const writer = await watchContentVersion(database.current(), { heardWaitMs: 400 });
          await writer.recheck();
          const waited = performance.now() - started;
          expect(waited).toBeGreaterThanOrEqual(400);
          expect(waited).toBeLessThan(2000);
          expect(c.version).toBeLessThan(writer.version);
          expect(warn).toHaveBeenCalledWith(
            expect.objectContaining({ version: writer.version }),
            expect.stringMatching(/^content version \d+: not heard by [12] instance\(s\) after 400 ms$/),
          );
          await writer.stop();
        } finally {
          warn.mockRestore();
          await c.stop();
        }
      } finally {
        await a.stop();
        await b.stop();
        await late.stop();
        await deaf.stop();
      }
    },
  );
});
