// The staff's live stream (/admin/events) on the real built server, where only
// real processes show it: SIGTERM ends open streams at once (the drain does not
// wait for them) and a browser that reconnects to the restarted server with its
// Last-Event-ID is sent what was committed meanwhile; through Caddy with the
// production Caddyfile the stream is neither compressed nor held back. The
// stream's rules (what it carries, replay, limits, sign-out, disabled accounts,
// two instances on one PostgreSQL) are proved in app/routes/admin/events.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { schema, type Db } from "~/.server/db";
import { caddyInstalled, startCaddy } from "../../scripts/lib/caddy";
import { requiredInCi } from "../helpers/required-tool";
import { factories } from "../factories";
import { readSse } from "../helpers/sse";
import { newAccount, signUpOverHttp } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { postgresUrl, withPostgresDatabase } from "./support/postgres";
import { copyOfTemplate, type RunningServer, startServer } from "./support/server";

test.setTimeout(120_000);

const cookieHeader = (cookies: string[]) => cookies.map((cookie) => cookie.split(";")[0]).join("; ");

function openStream(baseUrl: string, cookie: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/admin/events`, { headers: { Cookie: cookie, ...headers } });
}

type Write = () => Promise<string>;

/** Starts a server, opens a stream, restarts the server with `writeWhileDown` committed in between. */
async function restartLosesNothing(start: () => Promise<RunningServer>, writeWhileDown: Write) {
  let server = await start();
  try {
    const cookie = cookieHeader(await signUpOverHttp(server, newAccount("Live", "staff.test")));
    const stream = readSse(await openStream(server.url, cookie));
    const hello = await stream.next((event) => event.event === "hello");
    expect(hello.id).toMatch(/^\d+$/);

    // SIGTERM: the stream is told and ends, and the server stops without waiting for it.
    await server.stop({ keepData: true });
    expect((await stream.next((event) => event.event === "end")).data).toEqual({ reason: "restart" });
    await stream.closed();

    const record = await writeWhileDown();
    server = await start();
    // EventSource reconnects with the id of the last event it was sent.
    const again = readSse(await openStream(server.url, cookie, { "Last-Event-ID": hello.id! }));
    const missed = await again.next(
      (event) => event.event === "change" && (event.data as { record: string }).record === record,
    );
    expect(missed.data).toMatchObject({ kind: "client", op: "created" });
    await again.cancel();
  } finally {
    await server.stop({ keepData: true });
  }
}

test("SIGTERM ends a stream at once; after the restart it is sent what was committed while it was down", async () => {
  const dataDir = copyOfTemplate();
  try {
    await restartLosesNothing(
      () => startServer({ dataDir, fromTemplate: false }),
      async () => {
        // Straight into the stopped server's embedded database.
        const db = await PGlite.create({ dataDir: path.join(dataDir, "db") });
        try {
          const make = factories(drizzle({ client: db, schema }) as unknown as Db);
          return (await make.client({ name: "Committed while down" })).id;
        } finally {
          await db.close();
        }
      },
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("on PostgreSQL too", async () => {
  test.skip(!requiredInCi(Boolean(postgresUrl), "TEST_DATABASE_URL"), "needs TEST_DATABASE_URL");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-e2e-"));
  try {
    await withPostgresDatabase(async (databaseUrl) => {
      await restartLosesNothing(
        () => startServer({ dataDir, fromTemplate: false, env: { DATABASE_URL: databaseUrl } }),
        async () => {
          const db = new pg.Client({ connectionString: databaseUrl });
          await db.connect();
          try {
            const id = crypto.randomUUID();
            await db.query("insert into clients (id, name) values ($1, 'Committed while down')", [id]);
            return id;
          } finally {
            await db.end();
          }
        },
      );
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("through Caddy with deploy/Caddyfile: never compressed, each event passed on at once, and open streams never starve the pages", async () => {
  test.skip(!requiredInCi(caddyInstalled(), "Caddy (apt-get install caddy)"), "needs caddy");
  const server = await startServer({ env: { LIVE_STREAMS_PER_PERSON: "80" } });
  const caddy = await startCaddy(Number(new URL(server.url).port));
  try {
    const cookie = cookieHeader(await signUpOverHttp(server, newAccount("Proxied", "staff.test")));
    const response = await openStream(caddy.url, cookie, { "Accept-Encoding": "gzip, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBeNull();
    const stream = readSse(response);
    const hello = await stream.next((event) => event.event === "hello");
    // An event caused after the stream opened (this tab says it edits a project) arrives while it is open.
    const subject = `project:${crypto.randomUUID()}`;
    const said = await fetch(`${caddy.url}/admin/presence`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: caddy.url },
      body: new URLSearchParams({ stream: (hello.data as { stream: string }).stream, tab: "tab-proxied-1", subject }),
    });
    expect(said.status).toBe(204);
    const presence = await stream.next(
      (event) => event.event === "presence" && (event.data as { subject: string }).subject === subject,
    );
    expect((presence.data as { people: unknown[] }).people).toHaveLength(1);
    await stream.cancel();

    // As many open streams as Caddy keeps connections to the app for pages (64), and then a page still answers.
    const streams = await Promise.all(
      Array.from({ length: 64 }, async () => readSse(await openStream(caddy.url, cookie))),
    );
    await Promise.all(streams.map((open) => open.next((event) => event.event === "hello", 30_000)));
    expect((await fetch(`${caddy.url}/healthz`, { signal: AbortSignal.timeout(30_000) })).status).toBe(200);
    await Promise.all(streams.map((open) => open.cancel()));
  } finally {
    await caddy.stop();
    await server.stop();
  }
});
