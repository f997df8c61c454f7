// Real HTTP against an Express app serving /media from a temporary uploads
// folder. Requests go through node:http so paths reach the server exactly as
// written (fetch would resolve the "..").
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLocalStorage } from "../storage/local";
import type { Storage } from "../storage/storage";
import { startTestS3, type TestS3 } from "#tests/helpers/s3";
import { keyFromPath, mediaHandler } from "./media";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-media-"));
const root = path.join(dir, "uploads");
const local = createLocalStorage({ root });
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
const SECRET = "TOP-SECRET-CONTENT";

let s3: TestS3;
const servers: http.Server[] = [];
let base: { port: number };
let s3Base: { port: number };

async function serve(store: Storage) {
  const app = express();
  app.use(
    "/media",
    mediaHandler(() => store),
  );
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return { port: (server.address() as AddressInfo).port };
}

beforeAll(async () => {
  await local.put("client-logos/1-a.png", PNG, { contentType: "image/png" });
  await local.put("client-logos/1-a_w320.webp", Buffer.from("RIFFxxxxWEBP"), { contentType: "image/webp" });
  await local.put("private/contracts/1-a.pdf", Buffer.from(`%PDF ${SECRET}`), { contentType: "application/pdf" });
  fs.writeFileSync(path.join(dir, "secret.txt"), SECRET);
  fs.writeFileSync(path.join(root, "client-logos", ".hidden.png"), SECRET);
  base = await serve(local);
  s3 = await startTestS3();
  const bucket = s3.storage();
  await bucket.put("project-files/playground-options/abc.png", PNG, { contentType: "image/png" });
  await bucket.put("private/contracts/2-b.pdf", Buffer.from(SECRET), { contentType: "application/pdf" });
  s3Base = await serve(bucket);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with the path sent byte for byte. */
function raw(target: { port: number }, requestPath: string, options: http.RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: target.port, path: requestPath, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("serving stored files", () => {
  test("GET answers the bytes with type, length, ETag and a year of immutable caching", async () => {
    const answer = await raw(base, "/media/client-logos/1-a.png");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(PNG);
    expect(answer.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(PNG.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect(answer.headers.etag).toMatch(/^"[^"]+"$/);
    expect((await raw(base, "/media/client-logos/1-a_w320.webp")).headers["content-type"]).toBe("image/webp");
  });

  test("HEAD answers the headers without the body", async () => {
    const answer = await raw(base, "/media/client-logos/1-a.png", { method: "HEAD" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-length"]).toBe(String(PNG.length));
    expect(answer.body.length).toBe(0);
  });

  test("a matching If-None-Match answers 304, another one the file", async () => {
    const { etag } = (await raw(base, "/media/client-logos/1-a.png")).headers;
    for (const header of [etag!, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const answer = await raw(base, "/media/client-logos/1-a.png", { headers: { "If-None-Match": header } });
      expect(answer.status, header).toBe(304);
      expect(answer.body.length).toBe(0);
    }
    const changed = await raw(base, "/media/client-logos/1-a.png", { headers: { "If-None-Match": '"other"' } });
    expect(changed.status).toBe(200);
  });

  test("a missing file is a 404", async () => {
    expect((await raw(base, "/media/client-logos/nope.png")).status).toBe(404);
  });

  test("only GET and HEAD are served", async () => {
    expect((await raw(base, "/media/client-logos/1-a.png", { method: "POST" })).status).toBe(404);
    expect((await raw(base, "/media/client-logos/1-a.png", { method: "DELETE" })).status).toBe(404);
    const still = await local.get("client-logos/1-a.png");
    expect(still).not.toBeNull();
    still?.body.destroy();
  });
});

describe("anything but a stored public file is a 404", () => {
  test.each([
    ["parent folder", "/media/../secret.txt"],
    ["parent of a subfolder", "/media/client-logos/../../secret.txt"],
    ["encoded dots", "/media/%2e%2e/secret.txt"],
    ["encoded dots and slash", "/media/client-logos/%2e%2e%2f%2e%2e%2fsecret.txt"],
    ["encoded slash before dots", "/media/client-logos%2F..%2F..%2Fsecret.txt"],
    ["double-encoded dots", "/media/%252e%252e/secret.txt"],
    ["double-encoded slash", "/media/client-logos%252F1-a.png"],
    ["an absolute path", "/media//etc/passwd"],
    ["an encoded absolute path", "/media/%2Fetc%2Fpasswd"],
    ["an absolute path to the file", `/media/${encodeURIComponent(path.join(dir, "secret.txt"))}`],
    ["backslashes", "/media/client-logos\\..\\..\\secret.txt"],
    ["encoded backslashes", "/media/client-logos%5C..%5C..%5Csecret.txt"],
    ["a NUL byte", "/media/client-logos/1-a.png%00.txt"],
    ["a NUL byte alone", "/media/%00"],
    ["broken encoding", "/media/client-logos/%E0%A4%A.png"],
    ["a private document", "/media/private/contracts/1-a.pdf"],
    ["a private document, encoded", "/media/%70rivate/contracts/1-a.pdf"],
    ["a folder", "/media/client-logos"],
    ["a folder with a slash", "/media/client-logos/"],
    ["the root", "/media/"],
    ["a hidden file", "/media/client-logos/.hidden.png"],
    ["a dot segment", "/media/client-logos/./1-a.png"],
  ])("%s: %s", async (_name, requestPath) => {
    const answer = await raw(base, requestPath);
    expect(answer.status).toBe(404);
    expect(answer.body.toString("latin1")).not.toContain(SECRET);
    expect(answer.headers["cache-control"]).not.toContain("immutable");
  });

  test("keyFromPath decodes once and keeps only public keys", () => {
    expect(keyFromPath("/client-logos/1-a.png?v=2")).toBe("client-logos/1-a.png");
    expect(keyFromPath("/client%2Dlogos/1-a.png")).toBe("client-logos/1-a.png");
    expect(keyFromPath("/private/contracts/1.pdf")).toBeNull();
    // A case-insensitive disk (macOS, Windows) or a proxy that folds case would find the private file.
    for (const key of ["Private", "PRIVATE", "pRiVaTe", "%50rivate"]) {
      expect(keyFromPath(`/${key}/contracts/1.pdf`), key).toBeNull();
    }
    expect(keyFromPath("/%2e%2e/x.png")).toBeNull();
    expect(keyFromPath("client-logos/1-a.png")).toBeNull();
  });
});

describe("S3 without a public URL, by proxy", () => {
  test("serves the bucket's object with its type and ETag", async () => {
    const answer = await raw(s3Base, "/media/project-files/playground-options/abc.png");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(PNG);
    expect(answer.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(PNG.length),
      "cache-control": "public, max-age=31536000, immutable",
    });
    const again = await raw(s3Base, "/media/project-files/playground-options/abc.png", {
      headers: { "If-None-Match": answer.headers.etag! },
    });
    expect(again.status).toBe(304);
  });

  test("refuses private files and missing keys", async () => {
    const privateAnswer = await raw(s3Base, "/media/private/contracts/2-b.pdf");
    expect(privateAnswer.status).toBe(404);
    expect(privateAnswer.body.toString()).not.toContain(SECRET);
    expect((await raw(s3Base, "/media/project-files/nope.png")).status).toBe(404);
  });
});
