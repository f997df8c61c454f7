// One suite, both drivers: the local disk on a temporary folder, and S3 over
// HTTP against s3rver on a loopback port.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { StorageKeyExistsError } from "./errors";
import { createLocalStorage } from "./local";
import type { Storage } from "./storage";
import { startTestS3, type TestS3 } from "#tests/helpers/s3";

const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-storage-"));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ["local", () => createLocalStorage({ root: path.join(localRoot, "uploads") })],
  ["s3", () => s3.storage()],
];

const unique = () => crypto.randomBytes(4).toString("hex");

async function collect(keys: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
}

describe.each(drivers)("%s storage", (driver, make) => {
  let store: Storage;
  beforeAll(() => {
    store = make();
  });

  test("reports its driver", () => {
    expect(store.driver).toBe(driver);
  });

  test("put then get returns the bytes, type, size and a stable ETag", async () => {
    const key = `logos/${unique()}.png`;
    const bytes = crypto.randomBytes(3000);
    await store.put(key, bytes, { contentType: "image/png" });
    const first = await store.get(key);
    expect(first).not.toBeNull();
    expect(await buffer(first!.body)).toEqual(bytes);
    expect(first!.contentType).toBe("image/png");
    expect(first!.size).toBe(3000);
    expect(first!.etag).toMatch(/^"[^"]+"$/);
    expect(Math.abs(first!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const second = await store.get(key);
    await buffer(second!.body);
    expect(second!.etag).toBe(first!.etag);
  });

  test("a missing key, a folder and an invalid key read as null", async () => {
    const key = `files/${unique()}/photos/1.webp`;
    await store.put(key, Buffer.from("x"), { contentType: "image/webp" });
    expect(await store.get(`logos/${unique()}.png`)).toBeNull();
    expect(await store.get(key.slice(0, key.lastIndexOf("/")))).toBeNull();
    expect(await store.get("../etc/passwd")).toBeNull();
  });

  test("delete removes the object and is idempotent", async () => {
    const key = `logos/${unique()}.jpg`;
    await store.put(key, Buffer.from("jpeg"), { contentType: "image/jpeg" });
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete(`logos/${unique()}.jpg`)).resolves.toBeUndefined();
  });

  test("list walks nested folders and honours a prefix", async () => {
    const folder = unique();
    const keys = [
      `files/${folder}/renders/1-a.webp`,
      `files/${folder}/renders/2-b_w320.webp`,
      `files/${folder}/finished/3-c.png`,
      `files/${folder}x/finished/4-d.png`,
    ];
    for (const key of keys)
      await store.put(key, Buffer.from(key), { contentType: key.endsWith(".png") ? "image/png" : "image/webp" });
    expect(await collect(store.list(`files/${folder}/`))).toEqual(keys.slice(0, 3).sort());
    expect(await collect(store.list(`files/${folder}/renders/2`))).toEqual([keys[1]]);
    expect(await collect(store.list(`files/${folder}`))).toEqual([...keys].sort());
    expect(await collect(store.list(`files/${unique()}/`))).toEqual([]);
    const all = await collect(store.list());
    for (const key of keys) expect(all).toContain(key);
  });

  test("an existing key is never overwritten", async () => {
    const key = `files/options/${unique()}.gif`;
    await store.put(key, Buffer.from("first"), { contentType: "image/gif" });
    await expect(store.put(key, Buffer.from("second"), { contentType: "image/gif" })).rejects.toBeInstanceOf(
      StorageKeyExistsError,
    );
    expect((await buffer((await store.get(key))!.body)).toString()).toBe("first");
  });

  test("keys that could escape their folder, and types that disagree with the key, are refused", async () => {
    for (const key of ["../x.png", "a/../../x.png", "/abs.png", "a//b.png", "a\\b.png", "a/.hidden.png", "a%2fb.png"]) {
      await expect(store.put(key, Buffer.from("x"), { contentType: "image/png" }), key).rejects.toThrow(
        /Invalid storage key/,
      );
    }
    await expect(store.put(`logos/${unique()}.png`, Buffer.from("x"), { contentType: "text/html" })).rejects.toThrow(
      /does not match/,
    );
  });

  test("public URLs point at /media and never at private files", () => {
    expect(store.publicUrl("logos/1-a.png")).toBe("/media/logos/1-a.png");
    expect(() => store.publicUrl("private/documents/1.pdf")).toThrow();
    expect(() => store.publicUrl("PRIVATE/documents/1.pdf")).toThrow();
    expect(() => store.publicUrl("Private/documents/1.pdf")).toThrow();
    expect(() => store.publicUrl("../x.png")).toThrow();
  });
});

describe("local storage specifics", () => {
  const root = path.join(localRoot, "specifics", "uploads");
  const store = createLocalStorage({ root });

  test("two writes at once to one key: one wins whole, the other is refused", async () => {
    const key = `logos/${unique()}.png`;
    const [a, b] = [crypto.randomBytes(200_000), crypto.randomBytes(200_000)];
    const results = await Promise.allSettled([
      store.put(key, a, { contentType: "image/png" }),
      store.put(key, b, { contentType: "image/png" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const stored = await buffer((await store.get(key))!.body);
    expect(stored.equals(a) || stored.equals(b)).toBe(true);
  });

  test("no half-written or temporary file is left beside the uploads", async () => {
    await store.put(`company/${unique()}.webp`, Buffer.from("x"), { contentType: "image/webp" });
    const tempDir = path.join(path.dirname(root), ".uploads-tmp");
    expect(fs.readdirSync(tempDir)).toEqual([]);
    expect((await collect(store.list())).every((key) => !key.includes(".tmp"))).toBe(true);
  });
});

describe("s3 storage specifics", () => {
  test("with S3_PUBLIC_URL, browsers load straight from the bucket's public address", () => {
    const store = s3.storage({ publicUrl: "https://cdn.example.com/media/" });
    expect(store.publicUrl("logos/1-a.png")).toBe("https://cdn.example.com/media/logos/1-a.png");
    expect(() => store.publicUrl("private/documents/1.pdf")).toThrow();
  });
});
