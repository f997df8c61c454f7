// The access matrix (issue 12): every route of app/routes.ts, requested as
// anonymous, pending, staff, admin and a client's portal account, as a document GET, as its .data URL
// and as a form POST, against the built server, must answer as the access level
// it declares in app/route-declarations.ts. A route without a declaration (or a
// declaration without a route) fails. A path parameter takes a real row's value, of the table the
// declaration's `params` names (support/route-rows.ts finds or makes it), so an allowed role
// reaches data, not a 404: a new screen needs no edit here. The table of answers is printed.
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type AccessLevel, ROUTE_DECLARATIONS, routeId } from "../../app/route-declarations";
import routes from "../../app/routes";
import { schema } from "~/.server/db";
import { hashShareToken } from "~/domain/share-links/share-links.server";
import { minimalPdf } from "../fixtures/pdf";
import { newAccount, signInOverHttp, signUpOverHttp } from "./support/accounts";
import { signInToPortalOverHttp } from "../../scripts/lib/portal";
import { expect, test } from "./support/fixtures";
import { type HistoryProbe, historyProbes } from "./support/history-probes";
import { routeRows, rowRef } from "./support/route-rows";
import { type RunningServer, type Seed, startServer } from "./support/server";

const CLIENT = "c7777777-1111-4111-8111-111111111111";
const CONTACT = "d7777777-1111-4111-8111-111111111111";
const PROJECT = "a7777777-1111-4111-8111-111111111111";
const GALLERY = "e7777777-1111-4111-8111-111111111111";
const CONTRACT = "b7777777-1111-4111-8111-111111111111";
const INQUIRY = "f7777777-1111-4111-8111-111111111111";
const PROPOSAL = "97777777-1111-4111-8111-111111111111";
const SHARE_TOKEN = "matrixSHAREtoken-matrixSHAREtoken-matrixSHA";
const DOCUMENT_KEY = "private/contracts/1-matrix.pdf";
const CLIENT_EMAIL = "matrix-client@example.test";

const SEED: Seed = async ({ dataDir, db, make }) => {
  await make.client({ id: CLIENT, name: "Matrix Museum" });
  const portalUser = await make.user({ name: "Morgan Matrix", email: CLIENT_EMAIL, role: "client" });
  await make.contact({
    id: CONTACT,
    name: "Morgan Matrix",
    clientId: CLIENT,
    email: CLIENT_EMAIL,
    userId: portalUser.id,
  });
  await make.project({
    id: PROJECT,
    title: "Matrix Ship",
    projectName: "matrix-ship",
    clientId: CLIENT,
    status: "completed",
    showInGallery: true,
  });
  await make.gallery({ id: GALLERY, name: "Matrix Gallery", slug: "matrix-gallery", isPublished: true });
  await make.galleryProject({ galleryId: GALLERY, projectId: PROJECT, displayOrder: 0 });
  await make.contract({
    id: CONTRACT,
    projectId: PROJECT,
    status: "signed",
    dateSent: "2025-01-02",
    dateSigned: "2025-01-03",
    documentKey: DOCUMENT_KEY,
    documentName: "matrix.pdf",
    documentBytes: minimalPdf().length,
  });
  await make.shareLink({ projectId: PROJECT, tokenHash: hashShareToken(SHARE_TOKEN) });
  await make.inquiry({ id: INQUIRY, name: "Matrix Buyer", projectId: PROJECT, sourceTitle: "Matrix Ship" });
  // A proposal has a version from the start (its PDF's route reads it): a row made from the table's definition would not.
  await make.row(schema.proposals, { id: PROPOSAL, clientId: CLIENT, title: "Matrix Trail", status: "sent" });
  await make.row(schema.proposalVersions, {
    proposalId: PROPOSAL,
    number: 1,
    content: {},
    currency: "USD",
    locale: "en-US",
    // Sent: the portal's proposal pages reach it as the client.
    contentSha256: "0".repeat(64),
    sentAt: new Date(),
  });
  const file = path.join(dataDir, "uploads", DOCUMENT_KEY);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, minimalPdf());
  // The rows the routes' parameters name: these, one of each table, and for a table the seed
  // leaves empty (a new screen's), one made from its definition.
  rowValues = await routeRows(db, make, DECLARATIONS);
  // The history's buttons, for every kind of record it declares (support/history-probes.ts).
  probes = await historyProbes(db, make, dataDir);
};

/**
 * Path parameters no row holds, by route id: a share link's token (its row keeps only a hash) and
 * an import's id (there is no upload of it: staff are sent back to the upload step). Every other
 * parameter takes the value of the row its declaration names (`params` in route-declarations.ts).
 */
const FIXTURES: Record<string, Record<string, string>> = {
  "routes/public/share/page": { token: SHARE_TOKEN },
  "routes/admin/import/mapping": { id: INQUIRY },
  "routes/admin/import/preview": { id: INQUIRY },
};

type Declaration = { access: AccessLevel; stream?: true; params?: Record<string, string> };
const DECLARATIONS = ROUTE_DECLARATIONS as Record<string, Declaration>;

/** The value of each declared row reference (`projects`, `galleries.slug`), read from the seeded data dir. */
let rowValues = new Map<string, string>();
let probes: HistoryProbe[] = [];

/** A parameter's value: its fixture, else its declared row's; a parameter with neither is an error, named. */
function paramValue(id: string, name: string): string {
  const value = FIXTURES[id]?.[name] ?? rowValues.get(DECLARATIONS[id]?.params?.[name] ?? "");
  if (value === undefined) {
    throw new Error(
      `:${name} of ${id} names no row: declare params: { ${name}: "<table>" } in app/route-declarations.ts`,
    );
  }
  return value;
}

interface RouteUrl {
  id: string;
  /** A long-lived answer (server-sent events): read up to its head, then let go. */
  stream: boolean;
  /** The most restrictive level on the way to this route (a layout's guard covers its children). */
  level: AccessLevel;
  url: string;
  /** The URL names rows by its path parameters: an allowed role reaches them, never a 404. */
  reachesRows: boolean;
}

// `client` pages are no one else's: a staff route's guard never lets a client through, nor the reverse.
const RANK: Record<AccessLevel, number> = { public: 0, "signed-in": 1, client: 2, staff: 2, admin: 3 };

function routeIds(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [routeId(entry), ...routeIds(entry.children ?? [])]);
}

function routeUrls(entries: RouteConfigEntry[], prefix = "", inherited: AccessLevel = "public"): RouteUrl[] {
  return entries.flatMap((entry) => {
    const id = routeId(entry);
    const declaration = DECLARATIONS[id];
    const declared = declaration?.access ?? "public";
    const level = RANK[declared] > RANK[inherited] ? declared : inherited;
    const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const url = pattern.replace(/:(\w+)/g, (_, name: string) => paramValue(id, name)).replace(/\*$/, "no-such-page");
    const own =
      entry.path !== undefined || entry.index
        ? [{ id, level, url: url || "/", stream: declaration?.stream === true, reachesRows: /:\w/.test(pattern) }]
        : [];
    return [...own, ...routeUrls(entry.children ?? [], pattern, level)];
  });
}

type Role = "anonymous" | "pending" | "staff" | "admin" | "client";
type Kind = "GET" | ".data" | "POST";
const ROLES: Role[] = ["anonymous", "pending", "staff", "admin", "client"];
const KINDS: Kind[] = ["GET", ".data", "POST"];

interface Answer {
  status: number;
  location: string;
  body: string;
  cacheControl: string;
}

// A path ending in "/" (the root) has its data at "…/_.data".
const dataUrl = (url: string) => (url.endsWith("/") ? `${url}_.data` : `${url}.data`);

type Refusal = "sign-in" | "portal-sign-in" | "pending" | "portal" | "forbidden";

/** What the declared level says this role must get, or null when the role is allowed (any answer but an error or a refusal). */
function refusal(level: AccessLevel, role: Role): Refusal | null {
  if (level === "public") return null;
  if (level === "client") {
    if (role === "anonymous") return "portal-sign-in";
    return role === "client" ? null : "forbidden";
  }
  if (role === "anonymous") return "sign-in";
  if (level === "signed-in") return null;
  // A client's portal account never passes a staff guard: it is sent to its portal.
  if (role === "client") return "portal";
  if (role === "pending") return "pending";
  if (level === "admin" && role === "staff") return "forbidden";
  return null;
}

const TARGETS: Record<Exclude<Refusal, "forbidden">, string> = {
  "sign-in": "/auth?redirectTo=",
  "portal-sign-in": "/portal",
  pending: "/pending",
  portal: "/portal",
};

function check(route: RouteUrl, role: Role, kind: Kind, answer: Answer): string | null {
  const expected = refusal(route.level, role);
  const api = route.url.startsWith("/api/");
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (expected === null) {
    // Allowed: the route's own answer, never a refusal; and the rows its URL names are found.
    if (answer.status === 401 || answer.status === 403) return `refused (${answer.status}) an allowed role`;
    if (route.reachesRows && kind === "GET" && answer.status === 404) return "answered 404: its row was not found";
    if (/^\/auth\?redirectTo=/.test(answer.location) || answer.location === "/pending") {
      return `sent an allowed role to ${answer.location}`;
    }
    if (kind === ".data" && /"\/auth\?redirectTo=|"\/pending"/.test(answer.body) && answer.status === 202) {
      return "sent an allowed role to sign in";
    }
    return null;
  }
  // A route without an action answers a POST 405 whoever asks: nothing ran.
  if (kind === "POST" && answer.status === 405) return null;
  if (api) {
    const status = expected === "sign-in" || expected === "portal-sign-in" ? 401 : 403;
    return answer.status === status ? null : `expected ${status}, got ${answer.status}`;
  }
  if (expected === "forbidden") {
    return answer.status === 403 ? null : `expected 403, got ${answer.status}`;
  }
  const target = TARGETS[expected];
  if (kind === ".data") {
    // A data request gets the redirect in its body (single fetch), and none of the route's data.
    if (answer.status !== 202 || !answer.body.includes(target)) return `expected a redirect to ${target} in the data`;
    if (/accounts|counts|email|Matrix/.test(answer.body)) return "the refused data request carried data";
    return null;
  }
  const exact = expected === "portal" || expected === "portal-sign-in";
  if (answer.status !== 302 || !(exact ? answer.location === target : answer.location.startsWith(target))) {
    return `expected 302 to ${target}, got ${answer.status} ${answer.location}`;
  }
  if (expected === "sign-in" && kind === "GET") {
    const back = new URLSearchParams(answer.location.split("?")[1]).get("redirectTo");
    if (back !== route.url) return `redirectTo is ${back}, not ${route.url}`;
  }
  return null;
}

let server: RunningServer;
const sessions = new Map<Role, string>();
const accounts = {
  admin: newAccount("MatrixAdmin", "staff.test"),
  staff: newAccount("MatrixStaff", "staff.test"),
  pending: newAccount("MatrixPending", "example.test"),
};

/**
 * One request, with Node's fetch rather than Playwright's `request`: no cookie jar (only the role's
 * session is sent), and less of the runner's CPU. A stream's answer is read up to its head, and its
 * body only when it is not the stream (a refusal, a redirect).
 */
async function send(target: string, init: { headers?: Record<string, string>; form?: Record<string, string> }) {
  const response = await fetch(target, {
    headers: init.headers,
    redirect: "manual",
    ...(init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {}),
  });
  const streaming = response.headers.get("Content-Type")?.startsWith("text/event-stream") ?? false;
  const body = streaming ? "" : await response.text();
  if (streaming) await response.body?.cancel();
  return {
    status: response.status,
    location: response.headers.get("Location") ?? "",
    body,
    cacheControl: response.headers.get("Cache-Control") ?? "",
  };
}

async function ask(role: Role, kind: Kind, url: string): Promise<Answer> {
  let cookie = sessions.get(role);
  // Signing out revokes the session it is sent with: that one POST gets a session of its own.
  if (kind === "POST" && url === "/auth/sign-out" && role !== "anonymous") {
    cookie =
      role === "client"
        ? await signInToPortalOverHttp(server, CLIENT_EMAIL)
        : (await signInOverHttp(server.url, accounts[role])).map((c) => c.split(";")[0]).join("; ");
  }
  const headers = cookie ? { Cookie: cookie } : undefined;
  const target = `${server.url}${kind === ".data" ? dataUrl(url) : url}`;
  const answer = await send(target, { headers, form: kind === "POST" ? { intent: "access-matrix-probe" } : undefined });
  // Only a data request's body is looked at (check).
  return { ...answer, body: kind === ".data" ? answer.body : "" };
}

/**
 * `work` for every item, `width` at a time, the answers in the items' order. One at a time, the server
 * and the runner took turns, each idle while the other worked.
 */
async function inTurns<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
  return answers;
}

test("every route of routes.ts is declared, and every declaration names a route", () => {
  const ids = new Set(routeIds(routes as RouteConfigEntry[]));
  expect(
    [...ids].filter((id) => !(id in ROUTE_DECLARATIONS)),
    "routes without a declaration in route-declarations.ts",
  ).toEqual([]);
  expect(
    Object.keys(ROUTE_DECLARATIONS).filter((id) => !ids.has(id)),
    "declarations in route-declarations.ts for no route",
  ).toEqual([]);
});

test("every path parameter names a table's row or has a fixture, and every declared row is a table's column", () => {
  const problems: string[] = [];
  const walk = (entries: RouteConfigEntry[], prefix = ""): void => {
    for (const entry of entries) {
      const id = routeId(entry);
      const pattern = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
      for (const name of [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!)) {
        if (!DECLARATIONS[id]?.params?.[name] && !FIXTURES[id]?.[name]) problems.push(`:${name} of ${id} names no row`);
      }
      for (const [name, ref] of Object.entries(DECLARATIONS[id]?.params ?? {})) {
        if (!pattern.includes(`:${name}`)) problems.push(`${id} declares :${name}, not in its path`);
        try {
          rowRef(ref);
        } catch (error) {
          problems.push(`${id}: ${(error as Error).message}`);
        }
      }
      walk(entry.children ?? [], pattern);
    }
  };
  walk(routes as RouteConfigEntry[]);
  expect(problems, 'add params: { id: "<table>" } to the route in app/route-declarations.ts').toEqual([]);
});

// The server, its accounts and sessions, for the matrix only: at the file's level these hooks
// also ran in a worker given only the declaration check above.
test.describe("against the built server", () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ seed: SEED });
    // The first account of the data dir is its admin.
    for (const role of ["admin", "staff", "pending"] as const) {
      const cookies = await signUpOverHttp(server, accounts[role]);
      sessions.set(role, cookies.map((cookie) => cookie.split(";")[0]).join("; "));
    }
    sessions.set("client", await signInToPortalOverHttp(server, CLIENT_EMAIL));
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("every route answers every role as its declared level says", async () => {
    test.setTimeout(300_000);
    // A layout with a path is answered by its index route: one row per URL, with the stricter level.
    const urls = [
      ...routeUrls(routes as RouteConfigEntry[])
        .reduce((byUrl, route) => {
          const seen = byUrl.get(route.url);
          if (!seen || RANK[route.level] > RANK[seen.level]) byUrl.set(route.url, route);
          return byUrl;
        }, new Map<string, RouteUrl>())
        .values(),
    ];
    expect(urls.length).toBeGreaterThan(30);
    // Routes four at a time (the admission gate lets eight public requests in at once); a route's
    // own fifteen requests still one after the other, in the order of the table.
    const answered = await inTurns(urls, 4, async (route) => {
      const row = [route.url, route.level];
      const problems: string[] = [];
      for (const role of ROLES) {
        const cells: string[] = [];
        for (const kind of KINDS) {
          const answer = await ask(role, kind, route.url);
          const problem = check(route, role, kind, answer);
          if (problem) problems.push(`${kind} ${route.url} as ${role}: ${problem}`);
          // Whatever answers a route that is not public, and anything that looked at the session, is never stored by a shared cache.
          if (
            route.level !== "public" &&
            role !== "anonymous" &&
            answer.status !== 405 &&
            answer.cacheControl !== "private, no-store" &&
            // An event stream is also never compressed (a compressor would hold its events back).
            !(route.stream && answer.cacheControl === "private, no-store, no-transform")
          ) {
            problems.push(`${kind} ${route.url} as ${role}: Cache-Control is "${answer.cacheControl}"`);
          }
          cells.push(`${answer.status}${problem ? "!" : ""}`);
        }
        row.push(cells.join(" "));
      }
      return { row, problems };
    });
    const rows = answered.map((route) => route.row);
    const problems = answered.flatMap((route) => route.problems);

    const header = ["route", "level", ...ROLES.map((role) => `${role} (GET .data POST)`)];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ");
    const table = [line(header), widths.map((width) => "-".repeat(width)).join("-|-"), ...rows.map(line)].join("\n");
    console.log(`\nAccess matrix (status per request; ! marks a mismatch):\n${table}\n`);
    await test.info().attach("access-matrix.txt", { body: table, contentType: "text/plain" });
    expect(problems).toEqual([]);
  });

  test("the history's buttons act for every kind of record only for who may open its page", async () => {
    test.setTimeout(120_000);
    const history: RouteUrl = {
      id: "routes/admin/history",
      level: "staff",
      url: "/admin/history",
      stream: false,
      reachesRows: false,
    };
    const post = async (role: Role, intent: string, key: string) => {
      const cookie = sessions.get(role);
      return send(`${server.url}/admin/history`, {
        headers: cookie ? { Cookie: cookie } : undefined,
        form: { intent, key },
      });
    };
    expect(new Set(probes.map((probe) => probe.kind)).size).toBeGreaterThan(5);
    const problems: string[] = [];
    const rows: string[] = [];
    for (const probe of probes) {
      const cells: string[] = [];
      for (const role of ROLES) {
        const answer = await post(role, probe.intent, probe.key);
        const nothing = await Promise.all(probe.nothing.map((key) => post(role, probe.intent, key)));
        const what = `${probe.intent}, ${probe.kind} (${probe.level}), as ${role}`;
        cells.push(String(answer.status));
        if (refusal("staff", role) !== null) {
          // Not staff at all: the route's own guard answers, whatever the key.
          const problem = check(history, role, "POST", { ...answer, cacheControl: "" });
          if (problem) problems.push(`${what}: ${problem}`);
        } else if (refusal(probe.level, role) !== null) {
          // A record this person may not change: exactly the answer of a key that names nothing.
          if (answer.status !== 404) problems.push(`${what}: answered ${answer.status}, not 404`);
          for (const [i, other] of nothing.entries()) {
            if (other.status !== answer.status || other.body !== answer.body) {
              problems.push(`${what}: answered unlike ${probe.nothing[i]} (${other.status} ${other.body})`);
            }
          }
        } else {
          // Allowed: it reaches the record, which refuses for its own reason (a newer change, it exists).
          if (answer.status !== 409) problems.push(`${what}: answered ${answer.status} ${answer.body}, not 409`);
          for (const [i, other] of nothing.entries()) {
            if (other.status !== 404) problems.push(`${what}: ${probe.nothing[i]} answered ${other.status}, not 404`);
          }
        }
      }
      rows.push(`${`${probe.intent} ${probe.kind} (${probe.level})`.padEnd(36)} ${cells.join(" ")}`);
    }
    console.log(`\nHistory's buttons (${ROLES.join(", ")}):\n${rows.join("\n")}\n`);
    expect(problems).toEqual([]);
  });
});
