// The shipped deploy/Caddyfile sends requests that carry a session cookie (signed-in people) to
// PLAYFOLIO_SIGNED_IN_UPSTREAM, everything else to PLAYFOLIO_UPSTREAM: staff pages run on
// instances a public crowd does not reach (decision 0111). Two stand-in upstreams say who
// answered.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Caddy, caddyInstalled, startCaddy } from "../scripts/lib/caddy";
import { requiredInCi } from "./helpers/required-tool";

function standIn(name: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(req.url?.startsWith("/healthz") ? "ok" : `${name} ${req.method} ${req.url}`);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const port = (server: http.Server) => (server.address() as AddressInfo).port;

describe.skipIf(!requiredInCi(caddyInstalled(), "Caddy (apt-get install caddy)"))("deploy/Caddyfile's lanes", () => {
  let publicApp: http.Server;
  let signedInApp: http.Server;
  let caddy: Caddy;

  beforeAll(async () => {
    [publicApp, signedInApp] = await Promise.all([standIn("public"), standIn("signed-in")]);
    caddy = await startCaddy(port(publicApp), { signedIn: port(signedInApp) });
  }, 30_000);

  afterAll(async () => {
    await caddy?.stop();
    publicApp?.close();
    signedInApp?.close();
  });

  const ask = async (path: string, init: RequestInit = {}) => (await fetch(caddy.url + path, init)).text();
  const session = { cookie: "theme=dark; playfolio.session_token=abc.def" };

  test("a request without a session cookie goes to the public instances, pages and posts", async () => {
    expect(await ask("/projects")).toBe("public GET /projects");
    expect(await ask("/gallery", { headers: { cookie: "theme=dark" } })).toBe("public GET /gallery");
    expect(await ask("/auth", { method: "POST", body: "a=1" })).toBe("public POST /auth");
  });

  test("a signed-in request goes to the signed-in instances: pages, posts and the live stream", async () => {
    expect(await ask("/admin/projects", { headers: session })).toBe("signed-in GET /admin/projects");
    expect(await ask("/", { headers: session })).toBe("signed-in GET /");
    expect(await ask("/admin/clients", { method: "POST", body: "a=1", headers: session })).toBe(
      "signed-in POST /admin/clients",
    );
    expect(await ask("/admin/events", { headers: session })).toBe("signed-in GET /admin/events");
    // Behind HTTPS the cookie carries the __Secure- prefix.
    expect(await ask("/admin", { headers: { cookie: "__Secure-playfolio.session_token=abc.def" } })).toBe(
      "signed-in GET /admin",
    );
  });
});
