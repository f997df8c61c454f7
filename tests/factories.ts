// Typed rows for tests, browser tests and the demo seed: Drizzle inserts with
// defaults, so a renamed column fails at typecheck instead of at run time.
// `factories(db)` binds them to a database (the test's, a browser test
// server's data dir, the demo's). Any table gets rows with `row(table, values)`
// (typed by the table itself); the named factories below only add defaults
// (unique names, a file key) that many tests would otherwise repeat, so a new
// table needs no entry here.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { schema, type Db } from "~/.server/db";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

const suffix = () => crypto.randomBytes(3).toString("hex");

/** A date `days` ago, for rows that must sort in a known order. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** A project's case-study fields, all filled (story, quote, facets): spread into `project(...)`. */
export const caseStudyFields = (
  values: Partial<Insert<typeof schema.projects>> = {},
): Partial<Insert<typeof schema.projects>> => ({
  storyBrief:
    "The council wanted one playground for every child in the valley.\n\nIt had to fit beside the river path.",
  storySolution: "Timber towers joined by rope bridges, with a ramped route to the top deck.",
  storyResult: "Twice the visitors in the first summer.",
  quoteText: "The children have not stopped playing since the day it opened.",
  quoteAuthor: "Jane Harper",
  quoteRole: "Parks Manager",
  ageGroups: ["2-5-years", "5-12-years"],
  inclusivePlay: true,
  surfacing: "poured-rubber",
  ...values,
});

export function factories(db: Db) {
  async function insert<T extends Parameters<Db["insert"]>[0]>(table: T, values: T["$inferInsert"]) {
    const [row] = await db.insert(table).values(values).returning();
    return row as T["$inferSelect"];
  }

  return {
    /** A row of any table, as the table types it: what a new table's tests use until defaults pay. */
    row: insert,

    /** An account row without a password (a portal contact's user, say); real sign-ups go through /auth. */
    user: (values: Partial<Insert<typeof schema.user>> = {}) => {
      const id = suffix();
      return insert(schema.user, { name: `Person ${id}`, email: `person-${id}@example.test`, ...values });
    },

    industryType: (values: Partial<Insert<typeof schema.industryTypes>> = {}) =>
      insert(schema.industryTypes, { name: `Industry ${suffix()}`, ...values }),

    client: (values: Partial<Insert<typeof schema.clients>> = {}) =>
      insert(schema.clients, { name: `Client ${suffix()}`, ...values }),

    contact: (values: Partial<Insert<typeof schema.contacts>> & { clientId: string }) =>
      insert(schema.contacts, { name: `Contact ${suffix()}`, ...values }),

    clientContact: (values: Insert<typeof schema.clientContacts>) => insert(schema.clientContacts, values),

    project: (values: Partial<Insert<typeof schema.projects>> & { clientId: string }) =>
      insert(schema.projects, { title: `Project ${suffix()}`, ...values }),

    option: (values: Partial<Insert<typeof schema.playgroundOptions>> = {}) =>
      insert(schema.playgroundOptions, { optionName: `Option ${suffix()}`, ...values }),

    projectOption: (values: Insert<typeof schema.projectOptions>) => insert(schema.projectOptions, values),

    /** A project image row; the file itself is the caller's (see storeTestImage) unless none is needed. */
    image: (
      values: Partial<Insert<typeof schema.projectImages>> &
        Pick<Insert<typeof schema.projectImages>, "projectId" | "imageCategory">,
    ) =>
      insert(schema.projectImages, {
        storageKey: `project-files/${values.projectId}/${values.imageCategory}/${crypto.randomUUID()}.jpg`,
        width: 800,
        height: 600,
        displayOrder: 0,
        ...values,
      }),

    /** Sets the render and the completed photo a project's page compares (the demo, browser tests). */
    comparisonPair: async (values: { projectId: string; renderId?: string; photoId?: string }) => {
      await db
        .update(schema.projects)
        .set({
          ...(values.renderId ? { comparisonRenderId: values.renderId } : {}),
          ...(values.photoId ? { comparisonPhotoId: values.photoId } : {}),
        })
        .where(eq(schema.projects.id, values.projectId));
    },

    video: (values: Partial<Insert<typeof schema.projectVideos>> & { projectId: string }) =>
      insert(schema.projectVideos, {
        title: `Video ${suffix()}`,
        youtubeUrl: "https://youtu.be/dQw4w9WgXcQ",
        youtubeId: "dQw4w9WgXcQ",
        displayOrder: 0,
        videoCategory: "3d_renders",
        ...values,
      }),

    gallery: (values: Partial<Insert<typeof schema.galleries>> = {}) => {
      const name = values.name ?? `Gallery ${suffix()}`;
      return insert(schema.galleries, { name, slug: `gallery-${suffix()}`, ...values });
    },

    galleryProject: (values: Insert<typeof schema.galleryProjects>) => insert(schema.galleryProjects, values),

    contract: (values: Partial<Insert<typeof schema.contracts>> & { projectId: string }) =>
      insert(schema.contracts, values),

    company: (values: Partial<Insert<typeof schema.companySettings>> = {}) =>
      insert(schema.companySettings, { id: 1, ...values }),

    inquiry: (values: Partial<Insert<typeof schema.inquiries>> = {}) => {
      const id = suffix();
      return insert(schema.inquiries, {
        name: `Buyer ${id}`,
        email: `buyer-${id}@example.test`,
        organisation: `Organisation ${id}`,
        message: "We would like a playground like this one.",
        // A lost inquiry always says why (the database's check).
        lostReason: values.status === "lost" ? "No budget" : null,
        ...values,
      });
    },

    /** A share link row; the token whose hash it stores is the caller's (see hashShareToken). */
    shareLink: (values: Partial<Insert<typeof schema.shareLinks>> & ({ projectId: string } | { galleryId: string })) =>
      insert(schema.shareLinks, { tokenHash: crypto.randomBytes(32).toString("hex"), ...values }),
  };
}

export type Factories = ReturnType<typeof factories>;
