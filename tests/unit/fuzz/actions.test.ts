// Every action of app/routes.ts, fed hostile form submissions (fast-check):
// arbitrary, huge and unicode strings, missing and duplicated fields, files
// where text is expected, as urlencoded or multipart bodies. The answer is
// always a 2xx, 3xx or 4xx — never a 500, never a thrown error — a refusal
// carries a message, and nothing is written when the answer is a refusal.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeIndustryType, makeOption, makeProject } from "#tests/helpers/factories";
import { createUser, type TestUser } from "#tests/helpers/users";
import { getUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import routes from "~/routes";
import { codesMade } from "~/domain/portal/sign-in.server";
import { z } from "zod";
import { formEntries, isZodSchema, schemaVocabulary, toFormData } from "./form-inputs";

withTestDatabase();

// Bounded for CI; FUZZ_RUNS=500 for a long local hunt. FUZZ_SEED (and FUZZ_PATH) replay a failure's
// counterexample, as fast-check prints them (with -t naming the action).
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const REPLAY = process.env.FUZZ_SEED
  ? { seed: Number(process.env.FUZZ_SEED), path: process.env.FUZZ_PATH, endOnFailure: true }
  : {};

type Action = (args: Record<string, unknown>) => unknown;
const routeModules = import.meta.glob<{ action?: Action }>("/app/routes/**/*.{ts,tsx}");
const schemaModules = import.meta.glob<Record<string, unknown>>("/app/domain/*/schema.ts", { eager: true });

function routeList(entries: RouteConfigEntry[], prefix = ""): { file: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = entry.path !== undefined || entry.index ? [{ file: entry.file, pattern: pattern || "/" }] : [];
    return [...own, ...routeList(entry.children ?? [], pattern)];
  });
}

interface Fixtures {
  ids: Record<string, string>;
  gallerySlug: string;
  /** The rows' versions, as edit forms send them. */
  versions: string[];
}

/** Fresh rows for one route's run, so a run that deletes some leaves the next ones theirs. */
async function makeFixtures(): Promise<Fixtures> {
  const industry = await makeIndustryType();
  const client = await makeClient({ industryType: industry.name });
  const contact = await makeContact({ clientId: client.id });
  const project = await makeProject({ clientId: client.id, projectName: `fuzz-${client.id.slice(0, 8)}` });
  const option = await makeOption();
  const [gallery] = await db()
    .insert(schema.galleries)
    .values({ name: `Fuzz ${client.id.slice(0, 6)}`, slug: `fuzz-${client.id.slice(0, 8)}` })
    .returning();
  const [contract] = await db().insert(schema.contracts).values({ projectId: project.id }).returning();
  const ids = {
    client: client.id,
    contact: contact.id,
    project: project.id,
    option: option.id,
    gallery: gallery!.id,
    contract: contract!.id,
  };
  const versions = [client, contact, project, contract!].map((row) => row.updatedAt.toISOString());
  return { ids, gallerySlug: gallery!.slug, versions };
}

/** Route parameters: the fixture a route is about (or sometimes nonsense). */
function paramsFor(pattern: string, fixtures: Fixtures): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [, name = ""] of pattern.matchAll(/:(\w+)/g)) {
    if (name === "slug") params[name] = pattern.includes("gallery") ? fixtures.gallerySlug : "fuzz";
    else if (pattern.includes("/clients/")) params[name] = fixtures.ids.client!;
    else if (pattern.includes("/contacts/")) params[name] = fixtures.ids.contact!;
    else if (pattern.includes("/contracts/")) params[name] = fixtures.ids.contract!;
    else params[name] = fixtures.ids.project!;
  }
  return params;
}

/**
 * Every row written, logged by a trigger on each table (this file's database only): a refusal
 * must leave no row in the log. Rate-limit rows count failures on purpose; an update that
 * leaves a row as it was writes nothing. (Hashing every table before and after each submission
 * said the same, and was most of this file's database time.)
 */
async function logWrites(): Promise<void> {
  await db().execute(sql`create table fuzz_write (id bigserial primary key, table_name text not null)`);
  await db().execute(
    sql.raw(`create function fuzz_log_write() returns trigger language plpgsql as $$
      begin insert into fuzz_write (table_name) values (TG_TABLE_NAME); return null; end $$`),
  );
  const tables = await db().execute<{ name: string }>(
    sql`select table_name::text as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
          and table_name not in ('rate_limit', 'fuzz_write')`,
  );
  for (const { name } of tables.rows) {
    const table = sql.identifier(name);
    await db().execute(
      sql`create trigger fuzz_insert_delete after insert or delete on ${table} for each row execute function fuzz_log_write()`,
    );
    await db().execute(
      sql`create trigger fuzz_update after update on ${table} for each row
          when (old::text is distinct from new::text) execute function fuzz_log_write()`,
    );
    await db().execute(
      sql`create trigger fuzz_truncate after truncate on ${table} for each statement execute function fuzz_log_write()`,
    );
  }
}

/** The last write logged so far. */
async function lastWrite(): Promise<number> {
  const { rows } = await db().execute<{ id: string }>(sql`select coalesce(max(id), 0)::text as id from fuzz_write`);
  return Number(rows[0]!.id);
}

/** The tables written since `mark` (none: ""). */
async function writtenSince(mark: number): Promise<string> {
  const { rows } = await db().execute<{ tables: string | null }>(
    sql`select string_agg(distinct table_name, ', ') as tables from fuzz_write where id > ${mark}`,
  );
  return rows[0]!.tables ?? "";
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

async function toAnswer(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    const text = await value.text().catch(() => "");
    return { status: value.status, headers: value.headers, body: text };
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? 200, headers: new Headers(value.init?.headers), body: value.data };
  }
  return { status: 200, headers: new Headers(), body: value };
}

const MESSAGE_KEYS = new Set(["message", "error", "errors", "formErrors", "description", "notFound"]);

/** Somewhere in the answer's data, a message (or the not-found page's flag, whose page says it). */
function carriesMessage(value: unknown, depth = 0): boolean {
  if (depth > 6 || typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(
    ([key, child]) =>
      (MESSAGE_KEYS.has(key) &&
        (child === true ||
          (typeof child === "string" && child.length > 0) ||
          (Array.isArray(child) && child.length > 0) ||
          (typeof child === "object" && child !== null && Object.keys(child).length > 0))) ||
      carriesMessage(child, depth + 1),
  );
}

/** A refusal names what is wrong: a toast, a text or JSON message, or the form's errors. */
function hasMessage(answer: Answer): boolean {
  if (answer.headers.getSetCookie().some((cookie) => cookie.startsWith("playfolio_toast="))) return true;
  if (typeof answer.body === "string") {
    try {
      return carriesMessage(JSON.parse(answer.body));
    } catch {
      return answer.body.trim().length > 0;
    }
  }
  return carriesMessage(answer.body);
}

const schemaExports = Object.assign({}, ...Object.values(schemaModules)) as Record<string, unknown>;
// Forms whose small schema lives beside its route.
const setRole = z.object({
  intent: z.literal("set-role"),
  userId: z.uuid(),
  role: z.enum(["admin", "staff", "pending"]),
});
const deleteRow = z.object({ intent: z.literal("delete"), id: z.uuid() });

/** The schemas each action reads (a route missing here is fuzzed with every schema's fields). */
const ACTION_SCHEMAS: Record<string, unknown[]> = {
  "routes/auth/auth.tsx": [schemaExports.authFormSchema],
  "routes/resources/uploads.ts": [schemaExports.uploadFieldsSchema],
  "routes/admin/clients/list.tsx": [deleteRow],
  "routes/admin/contacts/list.tsx": [deleteRow],
  "routes/admin/projects/list.tsx": [deleteRow],
  "routes/admin/contracts/list.tsx": [deleteRow],
  "routes/admin/clients/editor.tsx": [schemaExports.clientFormSchema],
  "routes/admin/contacts/editor.tsx": [schemaExports.contactFormSchema],
  "routes/admin/projects/editor.tsx": [schemaExports.projectFormSchema, schemaExports.projectIntentSchema],
  "routes/admin/projects/media.tsx": [schemaExports.projectMediaActionSchema, schemaExports.addVideoSchema],
  "routes/admin/options.tsx": [schemaExports.optionFormSchema],
  "routes/admin/gallery/list.tsx": [schemaExports.galleryFormSchema],
  "routes/admin/gallery/detail.tsx": [schemaExports.galleryProjectsActionSchema],
  "routes/admin/contracts/editor.tsx": [schemaExports.contractFormSchema],
  "routes/admin/settings/industry-types.tsx": [schemaExports.industryTypeFormSchema],
  "routes/admin/settings/company.tsx": [schemaExports.companyFormSchema],
  "routes/admin/settings/team.tsx": [setRole],
  "routes/public/inquiry/page.tsx": [schemaExports.inquiryFormSchema],
  "routes/admin/inquiries/detail.tsx": [
    schemaExports.inquiryFollowUpSchema,
    schemaExports.inquiryNoteSchema,
    schemaExports.inquiryWonSchema,
  ],
  "routes/admin/share-links.ts": [schemaExports.shareLinkFormSchema],
};
const everySchema = [...Object.values(schemaExports).filter(isZodSchema), setRole, deleteRow];

const actionRoutes = routeList(routes as RouteConfigEntry[]).filter(({ file }) => `/app/${file}` in routeModules);

let admin: TestUser | undefined;

/** One administrator for the whole file, made again when a fuzzed action ended its session (a sign-out). */
async function signedInAdmin(): Promise<TestUser> {
  const session = admin && new Request("http://localhost:3000/admin", { headers: { Cookie: admin.cookie } });
  if (admin && session && (await getUser(session))?.role === "admin") return admin;
  return (admin = await createUser({ role: "admin" }));
}

/** Each route's action, loaded once before the tests (the first import transforms every route module). */
const actions = new Map<string, Action | undefined>();

describe("every action under fuzzing", () => {
  // Loading is set-up, not a test: on a busy machine, at the low priority npm test gives Vitest,
  // transforming every route module once took longer than a test's 20 s.
  beforeAll(async () => {
    for (const { file } of actionRoutes) actions.set(file, (await routeModules[`/app/${file}`]!()).action);
    await logWrites();
  }, 180_000);

  test("there are actions to fuzz", () => {
    expect([...actions.values()].filter(Boolean).length).toBeGreaterThan(20);
  });

  for (const { file, pattern } of actionRoutes) {
    // Generous: sign-ups hash passwords (scrypt) and the machine may be busy.
    test(`${pattern} (${file})`, { timeout: 120_000 }, async () => {
      const action = actions.get(file);
      if (!action) return;
      const fixtures = await makeFixtures();
      // Admins may use every action; the sign-in page is for anyone.
      const user = pattern.startsWith("/auth") ? undefined : await signedInAdmin();
      const ids = [...Object.values(fixtures.ids), ...(user ? [user.id] : [])];
      const schemas = ACTION_SCHEMAS[file] ?? everySchema;
      expect(schemas.every(isZodSchema), `schemas of ${file}`).toBe(true);
      const vocabulary = schemaVocabulary(schemas);
      if (vocabulary.fieldLiterals.version) vocabulary.fieldLiterals.version = fixtures.versions;

      await fc.assert(
        fc.asyncProperty(formEntries(vocabulary, ids), fc.boolean(), async (entries, multipart) => {
          const params = paramsFor(pattern, fixtures);
          const path = pattern.replace(/:(\w+)/g, (_, name: string) => params[name]!).replace(/\*$/, "fuzz");
          const hasFile = entries.some(([, value]) => typeof value !== "string");
          const body =
            multipart || hasFile
              ? toFormData(entries)
              : new URLSearchParams(entries.map(([name, value]) => [name, value as string]));
          const headers = new Headers();
          if (user) headers.set("Cookie", user.cookie);
          const request = new Request(new URL(path, "http://localhost:3000"), { method: "POST", body, headers });
          // A portal sign-in code is stored after its answer: an earlier run's must not count as this one's.
          await codesMade();
          const mark = await lastWrite();
          let answer: Answer;
          try {
            answer = await toAnswer(
              await action({
                request,
                params,
                context: new RouterContextProvider(),
                url: new URL(request.url),
                pattern,
              }),
            );
          } catch (thrown) {
            if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
            answer = await toAnswer(thrown);
          }
          expect(answer.status, `${path}: ${JSON.stringify(entries).slice(0, 300)}`).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(hasMessage(answer), `${path} answered ${answer.status} without a message`).toBe(true);
            expect(await writtenSince(mark), `${path} answered ${answer.status} but wrote`).toBe("");
          }
        }),
        { numRuns: RUNS, ...REPLAY },
      );
    });
  }
});
