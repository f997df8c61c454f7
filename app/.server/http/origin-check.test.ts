import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkOrigin } from "./origin-check";

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(checkOrigin);
  app.all("/{*any}", (_req, res) => {
    res.send("ok");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("cross-site mutations", () => {
  test("reads pass whatever their origin", async () => {
    const response = await fetch(`${base}/admin`, { headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(200);
  });

  test("a POST from the same origin passes", async () => {
    const response = await fetch(`${base}/auth`, { method: "POST", headers: { Origin: base } });
    expect(response.status).toBe(200);
  });

  test("a POST from another origin is refused", async () => {
    const response = await fetch(`${base}/auth/sign-out`, {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site request refused.");
  });

  test("a POST a browser marks cross-site is refused even without Origin", async () => {
    const response = await fetch(`${base}/auth`, { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
  });

  test("an opaque (null) origin is refused", async () => {
    const response = await fetch(`${base}/auth`, { method: "POST", headers: { Origin: "null" } });
    expect(response.status).toBe(403);
  });
});
