// Two instances of the built app on one PostgreSQL, with the S3-compatible
// store the tests use, behind the shipped deploy/Caddyfile (only its addresses
// come from the environment): what an operator running several instances is
// promised (docs/operations.md, "Several instances"). No browser: HTTP as a
// browser sends it (a 307 is followed with its method and body, as a browser
// does). The PostgreSQL is a cluster of this spec's own, so it may be frozen.
// Its figures are printed at the end (the documented ones come from them).
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { schema, type Db } from "~/.server/db";
import { factories } from "../factories";
import { type Postgres, postgresBin, startPostgres } from "../helpers/postgres";
import { startTestS3, type TestS3 } from "../helpers/s3";
import { requiredInCi } from "../helpers/required-tool";
import { readSse } from "../helpers/sse";
import { type Account, newAccount, signInOverHttp, signUpOverHttp } from "./support/accounts";
import { type Caddy, caddyInstalled, startCaddy } from "../../scripts/lib/caddy";
import { expect, test } from "./support/fixtures";
import { freePort, isListening, launch, type Launched } from "./support/launch";

test.skip(
  !requiredInCi(caddyInstalled(), "Caddy") || !requiredInCi(Boolean(postgresBin()), "PostgreSQL's binaries"),
  "needs Caddy and PostgreSQL's binaries",
);
// One test, its steps in order on the same two instances (each is minutes of setup otherwise).
test.setTimeout(180_000);

const GALLERY = "e4000000-0000-4000-8000-000000000001";
const SLUG = "harbour-playgrounds";
const FREEZE_MS = 15_000;

interface Instance {
  name: string;
  port: number;
  dataDir: string;
  server: Launched;
  /** Processes stopped for a restart, still finishing (or finished). */
  stopped: Launched[];
}

let postgres: Postgres;
let s3: TestS3;
let caddy: Caddy;
let a: Instance;
let b: Instance;
let account: Account;
let cookie: string;
const figures: Record<string, unknown> = {};
let environment: Record<string, string>;

const cookieOf = (setCookies: string[]) => setCookies.map((header) => header.split(";")[0]).join("; ");
const until = async (condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

async function startInstance(instance: Pick<Instance, "port" | "dataDir">): Promise<Launched> {
  const server = await launch({ port: instance.port, dataDir: instance.dataDir, env: environment });
  await server.healthy(30_000);
  return server;
}

/** `name`'s counter in the instance's Prometheus text (loopback, no proxy: allowed without a token). */
async function metric(instance: Instance, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${instance.server.url}/metrics`)).text();
  return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}
const healthChecksPassed = (instance: Instance) =>
  metric(instance, /^playfolio_http_requests_total\{group="health",method="GET",status="200"\} (\d+)/gm);
const inFlight = (instance: Instance) => metric(instance, /^playfolio_http_requests_in_flight\{pool="\w+"\} (\d+)/gm);

/** Waits until Caddy's health checks (one per proxy of the Caddyfile, each second) have passed the new process. */
async function inRotation(instance: Instance) {
  const before = await healthChecksPassed(instance);
  await until(async () => (await healthChecksPassed(instance)) >= before + 3, `Caddy to check ${instance.name}`);
}

interface Sent {
  what: string;
  started: number;
  ended: number;
  status: number;
  name?: string;
  error?: string;
}

/** Requests Caddy could not deliver that the "browser" sent again (307). */
let sentAgain = 0;

/** One request as a browser sends it through Caddy: a 307 is sent again, method and body as they were. */
async function send(path: string, init: RequestInit = {}): Promise<Response> {
  let url = `${caddy.url}${path}`;
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(20_000) });
    if (response.status !== 307 || hop === 3) return response;
    sentAgain++;
    await response.arrayBuffer();
    url = new URL(response.headers.get("location")!, url).toString();
  }
}

/**
 * Staff creating clients (a write each, acknowledged by its redirect) and reading pages,
 * through Caddy, until `stop()`: every answer, timed.
 */
function workload(label: string, writers = 4, readers = 2) {
  const sent: Sent[] = [];
  let stopped = false;
  const one = async (what: string, path: string, init: RequestInit, ok: (status: number) => boolean, name?: string) => {
    const started = performance.now();
    let status = 0;
    let error: string | undefined;
    try {
      const response = await send(path, init);
      status = response.status;
      const body = await response.text();
      if (!ok(status))
        error = body
          .replace(/<[^>]+>/g, " ")
          .replace(/\s+/g, " ")
          .slice(0, 160);
    } catch (caught) {
      error = (caught as Error).message;
    }
    sent.push({ what, started, ended: performance.now(), status: ok(status) ? status : -status, name, error });
  };
  const running = [
    ...Array.from({ length: writers }, async (_, w) => {
      for (let n = 0; !stopped; n++) {
        const name = `${label}-${w}-${n}`;
        await one(
          "write",
          "/admin/clients/new",
          {
            method: "POST",
            headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ name }).toString(),
          },
          (status) => status === 302,
          name,
        );
      }
    }),
    ...Array.from({ length: readers }, async (_, r) => {
      const pages = ["/", "/gallery", "/admin/clients"];
      for (let n = 0; !stopped; n++) {
        const page = pages[(n + r) % pages.length]!;
        await one("read", page, page.startsWith("/admin") ? { headers: { Cookie: cookie } } : {}, (s) => s === 200);
      }
    }),
  ];
  return {
    sent,
    acknowledged: () => sent.filter((one) => one.what === "write" && one.status === 302),
    async stop() {
      stopped = true;
      await Promise.all(running);
      return sent;
    },
  };
}

const failedOf = (sent: Sent[]) => sent.filter((one) => one.status <= 0);

async function namesInDatabase(prefix: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>("select name from clients where name like $1", [
      `${prefix}-%`,
    ]);
    return new Set(rows.map((row) => row.name));
  } finally {
    await client.end();
  }
}

/** An anonymous visitor's view of a public page, straight from one instance. */
async function visit(instance: Instance | Caddy, path: string) {
  const base = "server" in instance ? instance.server.url : instance.url;
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { redirect: "manual", signal: AbortSignal.timeout(20_000) });
  const html = await response.text();
  return {
    status: response.status,
    html,
    cache: response.headers.get("x-render-cache"),
    retryAfter: response.headers.get("retry-after"),
    ms: performance.now() - started,
  };
}

async function publish(instance: Instance, published: boolean) {
  const started = performance.now();
  const response = await fetch(`${instance.server.url}/admin/gallery`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "publish", id: GALLERY, published: String(published) }).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  expect(response.status, "the publish action answered").toBeLessThan(400);
  return performance.now() - started;
}

test.beforeAll(async () => {
  const started = performance.now();
  [postgres, s3] = await Promise.all([startPostgres(), startTestS3("playfolio-instances")]);
  figures.storesMs = Math.round(performance.now() - started);
  const caddyPort = await freePort();
  environment = {
    DATABASE_URL: postgres.url,
    // What several instances must share (docs/operations.md, "Several instances").
    AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
    PUBLIC_URL: `http://127.0.0.1:${caddyPort}`,
    TRUST_PROXY: "loopback",
    STORAGE_DRIVER: "s3",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    LOG_LEVEL: "warn",
  };
  const made = await Promise.all(
    ["A", "B"].map(async (name) => {
      const slot = { name, port: await freePort(), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-e2e-")) };
      return { ...slot, stopped: [] as Launched[], server: undefined as unknown as Launched };
    }),
  );
  [a, b] = made as [Instance, Instance];
  // Both start at once on the empty database, as a deployment's instances do: one migrates, the other waits.
  [a.server, b.server] = await Promise.all([startInstance(a), startInstance(b)]);
  figures.instancesMs = Math.round(performance.now() - started);
  caddy = await startCaddy([a.port, b.port], { port: caddyPort });
  const seed = new pg.Client({ connectionString: postgres.url });
  await seed.connect();
  const make = factories(drizzle({ client: seed, schema }) as unknown as Db);
  await make.gallery({ id: GALLERY, name: "Harbour Playgrounds", slug: SLUG, isPublished: true });
  await seed.end();
  // The first account is the administrator.
  account = newAccount("Owner");
  cookie = cookieOf(await signUpOverHttp({ url: a.server.url, dataDir: a.dataDir }, account));
  figures.setupMs = Math.round(performance.now() - started);
});

test.afterAll(async () => {
  console.log(`several-instances figures: ${JSON.stringify(figures)}`);
  for (const instance of [a, b]) {
    for (const server of [instance?.server, ...(instance?.stopped ?? [])]) await server?.kill();
    if (instance) fs.rmSync(instance.dataDir, { recursive: true, force: true });
  }
  await caddy?.stop();
  await s3?.stop();
  postgres?.destroy();
});

test("two instances behind the shipped Caddyfile: what an operator is promised", async () => {
  await test.step("a session made on one instance works on the other, and signing out ends it on both at once", async () => {
    expect((await fetch(`${b.server.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" })).status).toBe(
      200,
    );
    const out = await fetch(`${a.server.url}/auth/sign-out`, {
      method: "POST",
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(out.status).toBe(302);
    const after = await fetch(`${b.server.url}/admin`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/auth/);
    cookie = cookieOf(await signInOverHttp(b.server.url, account));
    expect((await send("/admin", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  await test.step("a save on one instance is on the other's cached pages once its answer is back; an unpublish too", async () => {
    const holds: number[] = [];
    let wrong = 0;
    for (let round = 0; round < 6; round++) {
      const published = round % 2 === 1;
      // The other instance holds the page and the list in memory before each save.
      for (const page of [`/gallery/${SLUG}`, "/gallery"]) {
        await visit(b, page);
        await visit(b, page);
      }
      holds.push(await publish(a, published));
      // At once, as the person who saved would look: never the page from before the save.
      const page = await visit(b, `/gallery/${SLUG}`);
      const list = await visit(b, "/gallery");
      if (page.status !== (published ? 200 : 404)) wrong++;
      if (list.html.includes("Harbour Playgrounds") !== published) wrong++;
    }
    figures.saveAnswerMs = { median: [...holds].sort((x, y) => x - y)[3], max: Math.max(...holds) };
    expect(wrong, "pages from before the save, served by the other instance after its answer").toBe(0);
  });

  await test.step("live events: what is saved on one instance reaches a staff stream on the other", async () => {
    const stream = readSse(await fetch(`${b.server.url}/admin/events`, { headers: { Cookie: cookie } }));
    await stream.next((event) => event.event === "hello");
    const started = performance.now();
    await publish(a, true);
    const change = await stream.next(
      (event) => event.event === "change" && (event.data as { record: string }).record === GALLERY,
    );
    figures.liveEventMs = Math.round(performance.now() - started);
    expect(change.data).toMatchObject({ kind: "gallery", op: "updated" });
    await stream.cancel();
  });

  await test.step("full CSV imports through Caddy: each step lands on either instance, and every import completes", async () => {
    // Caddy picks an instance at random for each request: four imports of five steps each.
    const started = performance.now();
    for (let n = 0; n < 4; n++) {
      const names = Array.from({ length: 300 }, (_, row) => `imported-${n}-${row}`);
      const form = new FormData();
      form.set("kind", "clients");
      form.set("file", new Blob([`Name\n${names.join("\n")}\n`], { type: "text/csv" }), "clients.csv");
      const uploaded = await send("/admin/import", { method: "POST", headers: { Cookie: cookie }, body: form });
      expect(uploaded.status, "the upload").toBe(302);
      const mappingPath = new URL(uploaded.headers.get("location")!, caddy.url).pathname;
      expect(mappingPath).toMatch(/^\/admin\/import\/[0-9a-f-]{36}$/);
      expect((await send(mappingPath, { headers: { Cookie: cookie } })).status, "the mapping page").toBe(200);
      const mapped = await send(mappingPath, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "column-0": "name" }).toString(),
      });
      expect(mapped.headers.get("location"), "the mapping saved").toBe(`${mappingPath}/preview`);
      expect((await send(`${mappingPath}/preview`, { headers: { Cookie: cookie } })).status, "the preview").toBe(200);
      const run = await send(`${mappingPath}/preview`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ createNew: "on" }).toString(),
      });
      expect(run.status, "the import started").toBeLessThan(400);
      await until(async () => (await namesInDatabase(`imported-${n}`)).size === 300, `import ${n} to complete`, 30_000);
    }
    figures.importsMs = Math.round(performance.now() - started);
  });

  await test.step("requests whose clients leave at every stage, through Caddy, take nothing with them", async () => {
    const leave = (afterMs: number) =>
      new Promise<void>((resolve) => {
        const socket = net.connect(Number(new URL(caddy.url).port), "127.0.0.1", () => {
          socket.write(`GET /admin/clients HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
          setTimeout(() => socket.destroy(), afterMs);
        });
        socket.on("error", () => {});
        socket.on("close", () => resolve());
      });
    for (let batch = 0; batch < 5; batch++) await Promise.all(Array.from({ length: 20 }, (_, i) => leave(i % 15)));
    await until(async () => (await inFlight(a)) + (await inFlight(b)) === 0, "nothing in flight");
    for (let i = 0; i < 10; i++)
      expect((await send("/admin/clients", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  await test.step("the database frozen for 15 s: every answer within 2 s, pages held in memory served, nothing unpublished", async () => {
    // Unpublished on one instance; the library and the gallery list rendered again on both since.
    // Nobody asks for the gallery's own page: its last render, from before, must not come back.
    await publish(a, false);
    for (const instance of [a, b]) for (const page of ["/", "/gallery"]) await visit(instance, page);

    type Answer = { what: string; status: number; ms: number; retryAfter: string | null; private?: boolean };
    const answers: Answer[] = [];
    const ask = async (
      what: string,
      path: string,
      via: Instance | Caddy = caddy,
      headers: Record<string, string> = {},
    ) => {
      const base = "server" in via ? via.server.url : via.url;
      const started = performance.now();
      const response = await fetch(`${base}${path}`, {
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(20_000),
      });
      const html = await response.text();
      answers.push({
        what,
        status: response.status,
        ms: performance.now() - started,
        retryAfter: response.headers.get("retry-after"),
        private: what === "unpublished" && (response.status === 200 || html.includes("Harbour Playgrounds")),
      });
    };
    postgres.freeze(true);
    const frozenAt = performance.now();
    try {
      for (let n = 0; performance.now() - frozenAt < FREEZE_MS; n++) {
        await Promise.all([
          ask("cached", "/"),
          ask("cached", "/gallery"),
          ask("unpublished", `/gallery/${SLUG}`, n % 2 ? a : b),
          ask("unpublished", `/gallery/${SLUG}`),
          ask("uncached", `/?q=frozen-${n}`),
          ask("staff", "/admin/clients", caddy, { Cookie: cookie }),
          new Promise((resolve) => setTimeout(resolve, 250)),
        ]);
      }
    } finally {
      postgres.freeze(false);
    }
    const thawed = performance.now();
    // Each instance's circuit breaker lets a trial through every half second: both are back by themselves.
    await Promise.all(
      [a, b].map((instance) =>
        until(async () => (await visit(instance, `/?q=thawed-${Date.now()}`)).status === 200, "pages after the freeze"),
      ),
    );
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    const by = (what: string) => answers.filter((answer) => answer.what === what);
    figures.freeze = {
      answers: answers.length,
      slowestMs: Math.round(slowest),
      cached200: by("cached").filter((answer) => answer.status === 200).length,
      cached: by("cached").length,
      privateServed: answers.filter((answer) => answer.private).length,
      refused: by("uncached")
        .concat(by("staff"))
        .filter((answer) => answer.status === 503 && answer.retryAfter).length,
      backAfterMs: Math.round(performance.now() - thawed),
    };
    expect(
      answers.filter((answer) => answer.private),
      "unpublished gallery served",
    ).toEqual([]);
    expect(slowest).toBeLessThan(2000);
    expect(by("cached").every((answer) => answer.status === 200)).toBe(true);
    expect(
      by("uncached")
        .concat(by("staff"))
        .every((answer) => answer.status === 503 && answer.retryAfter),
    ).toBe(true);
  });

  await test.step("a rolling restart (SIGTERM, start again) of both instances under load fails nothing", async () => {
    const load = workload("rolling");
    await until(() => load.acknowledged().length >= 20, "the load to flow");
    const started = performance.now();
    for (const instance of [a, b]) {
      const old = instance.server;
      process.kill(old.serverPid(), "SIGTERM");
      instance.stopped.push(old);
      // It keeps serving for its notice (healthz says 503 meanwhile), then stops accepting:
      // its port is free for the new process while it finishes what it has.
      let t = performance.now();
      await until(async () => !(await isListening(instance.port)), `${instance.name} to stop accepting`);
      const phases = [performance.now() - t];
      t = performance.now();
      instance.server = await startInstance(instance);
      phases.push(performance.now() - t);
      t = performance.now();
      await inRotation(instance);
      phases.push(performance.now() - t);
      figures[`restart${instance.name}Ms`] = {
        notice: Math.round(phases[0]!),
        start: Math.round(phases[1]!),
        rotation: Math.round(phases[2]!),
      };
    }
    figures.rollingRestartMs = Math.round(performance.now() - started);
    const sent = await load.stop();
    const failed = failedOf(sent);
    figures.rollingRestart = { requests: sent.length, failed: failed.length };
    for (const old of [a, b].flatMap((instance) => instance.stopped)) {
      expect(
        (await old.exited).code,
        `a stopped instance's exit; its log:\n${old
          .output()
          .split("\n")
          .filter((line) => !line.includes("EOPENBREAKER"))
          .join("\n")
          .slice(-3000)}`,
      ).toBe(0);
    }
    expect(failed, "requests that failed during the rolling restart").toEqual([]);
    const present = await namesInDatabase("rolling");
    expect(load.acknowledged().filter((one) => !present.has(one.name!))).toEqual([]);
  });

  await test.step("kill -9 of one instance under a writing load: what arrives after lands on the other, nothing acknowledged is lost", async () => {
    const load = workload("killed");
    sentAgain = 0;
    await until(() => load.acknowledged().length >= 20, "the load to flow");
    const killedAt = performance.now();
    process.kill(b.server.serverPid(), "SIGKILL");
    // Until the process is gone its socket still takes connections (the kernel queues them): a
    // request that reached it then is as cut off as one it was answering.
    let goneAt = Infinity;
    void b.server.exited.then(() => (goneAt = performance.now()));
    await until(
      () => load.acknowledged().filter((one) => one.started > killedAt).length >= 40,
      "writes sent after the kill to be acknowledged",
    );
    const sent = await load.stop();
    await b.server.exited;
    const failed = failedOf(sent);
    // A request the killed process had already received cannot be answered by anyone (it may or may
    // not have been carried out): Caddy answers it "restarting" and never sends it again.
    const cutOff = failed.filter((one) => one.started < goneAt && one.ended > killedAt);
    const afterKill = sent.filter((one) => one.started >= killedAt);
    const present = await namesInDatabase("killed");
    const lost = load.acknowledged().filter((one) => !present.has(one.name!));
    figures.kill9 = {
      sentAgainAfter307: sentAgain,
      requests: sent.length,
      acknowledgedWrites: load.acknowledged().length,
      sentAfterKill: afterKill.length,
      failedAfterKill: failedOf(afterKill).length,
      goneAfterKillMs: Math.round(goneAt - killedAt),
      cutOffInFlight: cutOff.length,
      cutOffCommitted: cutOff.filter((one) => one.name && present.has(one.name)).length,
      lost: lost.length,
    };
    expect(
      failed.filter((one) => !cutOff.includes(one)),
      "failed requests not in flight at the kill",
    ).toEqual([]);
    expect(cutOff.length).toBeLessThanOrEqual(6);
    expect(lost).toEqual([]);
  });
});
