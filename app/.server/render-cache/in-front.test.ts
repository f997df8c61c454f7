// The render cache in front of Express, on a real HTTP server with the real
// drain: while draining, even a page the cache holds is answered through
// Express, whose drain marks it `Connection: close`.
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { declareAppRoutes } from "../../../tests/helpers/routes";
import { createDrain } from "../http/lifecycle";
import { inFrontOf } from "./in-front";

// The cacheable pages come from app/route-declarations.ts.
declareAppRoutes();

/** Stands in for the cache: answers /cached itself (a hit), hands the rest to the app. */
const cache = {
  handler: (app: http.RequestListener): http.RequestListener => app,
  answerFromMemory(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.url !== "/cached") return false;
    res.writeHead(200, { "Content-Type": "text/plain", "X-Render-Cache": "hit" }).end("hit");
    return true;
  },
};

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start() {
  const drain = createDrain();
  const app = express();
  app.use(drain.track);
  app.get("/cached", (_req, res) => res.type("text/plain").send("rendered"));
  server = http.createServer(inFrontOf(app, cache, drain));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { drain, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function get(url: string, agent: http.Agent) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on("error", reject);
  });
}

describe("the render cache in front of Express", () => {
  test("while draining, a keep-alive connection served by hits is answered once more, with Connection: close", async () => {
    const { drain, url } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(`${url}/cached`, agent)).body).toBe("hit");
    drain.start();
    const during = await get(`${url}/cached`, agent);
    agent.destroy();
    expect(during.status).toBe(200);
    expect(during.body).toBe("rendered"); // through Express while draining
    expect(during.headers.connection).toBe("close");
  });
});
