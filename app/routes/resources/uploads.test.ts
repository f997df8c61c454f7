// POST /api/uploads through its action, with real multipart bodies built by FormData.
import crypto from "node:crypto";
import { buffer } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { createUser, request, type TestUser } from "#tests/helpers/users";
import * as images from "#tests/fixtures/images/generate";
import { countedWebStream } from "#tests/fixtures/images/streams";
import { db, schema } from "~/.server/db";
import { setStorage, storage, type Storage } from "~/.server/storage";
import type { Route } from "./+types/uploads";
import { action } from "./uploads";

withTestDatabase();

const MB = 1024 * 1024;

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

function form(parts: Part[]): FormData {
  const data = new FormData();
  for (const part of parts) {
    if (typeof part.value === "string") data.append(part.name, part.value);
    else
      data.append(
        part.name,
        new Blob([new Uint8Array(part.value)], { type: part.type ?? "" }),
        part.filename ?? "file",
      );
  }
  return data;
}

const file = (bytes: Buffer, filename = "picture.png", type = "image/png"): Part => ({
  name: "file",
  value: bytes,
  filename,
  type,
});

async function post(body: FormData | ReadableStream<Uint8Array>, user?: TestUser, headers: HeadersInit = {}) {
  // A streamed body must say it is sent while the answer may already come (duplex "half").
  const init: RequestInit & { user?: TestUser; duplex?: "half" } = { method: "POST", body, headers, user };
  if (body instanceof ReadableStream) init.duplex = "half";
  const req = request("/api/uploads", init);
  const args: Route.ActionArgs = {
    request: req,
    url: new URL(req.url),
    pattern: "/api/uploads",
    params: {},
    context: new RouterContextProvider(),
  };
  const response = await action(args);
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, response };
}

/** The multipart bytes FormData makes, as a body that counts how much of it was read. */
async function countedBody(data: FormData) {
  const encoded = new Request("http://localhost/", { method: "POST", body: data });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return { ...countedWebStream(bytes), total: bytes.length, contentType: encoded.headers.get("Content-Type")! };
}

async function everyStoredKey(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage().list()) keys.push(key);
  return keys;
}

async function snapshot() {
  return {
    files: (await everyStoredKey()).length,
    uploads: (await db().select().from(schema.uploads)).length,
    images: (await db().select().from(schema.projectImages)).length,
  };
}

async function staff() {
  return createUser({ role: "staff" });
}

describe("who may upload", () => {
  test("anonymous: 401, the body is not read, nothing is stored", async () => {
    const before = await snapshot();
    const body = await countedBody(form([{ name: "kind", value: "client-logo" }, file(await images.png())]));
    const { status, json, response } = await post(body.stream, undefined, { "Content-Type": body.contentType });
    expect(status).toBe(401);
    expect(json).toEqual({ error: "Not authenticated" });
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(body.read()).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  test("a signed-in account still waiting for access: 403, nothing stored", async () => {
    const pending = await createUser({ role: "pending" });
    const before = await snapshot();
    const { status, json } = await post(
      form([{ name: "kind", value: "client-logo" }, file(await images.png())]),
      pending,
    );
    expect(status).toBe(403);
    expect(json.error).toMatch(/waiting for access/);
    expect(await snapshot()).toEqual(before);
  });

  test("staff and admins may", async () => {
    for (const role of ["staff", "admin"] as const) {
      const user = await createUser({ role });
      const { status } = await post(form([{ name: "kind", value: "client-logo" }, file(await images.png())]), user);
      expect(status, role).toBe(201);
    }
  });
});

describe("pending uploads (logos, option images)", () => {
  test("201 with the upload's id, key, url and size; the file is served from the url", async () => {
    const user = await staff();
    const { status, json } = await post(
      form([{ name: "kind", value: "option-image" }, file(await images.jpeg(800, 600), "photo.jpg", "image/jpeg")]),
      user,
    );
    expect(status).toBe(201);
    const upload = json.upload as { id: string; key: string; url: string; width: number; height: number };
    expect(upload).toEqual({
      id: expect.any(String),
      key: expect.any(String),
      url: `/media/${upload.key}`,
      width: 800,
      height: 600,
    });
    expect(upload.key).toMatch(/^project-files\/playground-options\/[0-9a-f]+(_avif)?\.jpg$/);
    expect(upload.key).not.toContain("photo");
    const stored = await storage().get(upload.key);
    expect(stored?.contentType).toBe("image/jpeg");
    stored?.body.destroy();
    const [row] = await db().select().from(schema.uploads).where(eq(schema.uploads.id, upload.id));
    expect(row).toMatchObject({ kind: "option-image", uploadedBy: user.id, storageKey: upload.key });
  });

  test("a 6 MB logo: 413 'Logo must be less than 5MB', nothing stored", async () => {
    const user = await staff();
    const big = await images.incompressiblePng(6 * MB);
    const before = await snapshot();
    const { status, json } = await post(form([{ name: "kind", value: "client-logo" }, file(big, "logo.png")]), user);
    expect(status).toBe(413);
    expect(json).toEqual({ error: "Logo must be less than 5MB" });
    expect(await snapshot()).toEqual(before);
  });

  test("a 30 MB file: 413, the body read no further than the largest image's limit (25MB), nothing stored", async () => {
    const user = await staff();
    const big = Buffer.alloc(30 * MB, 0x20);
    const body = await countedBody(form([{ name: "kind", value: "client-logo" }, file(big, "logo.png")]));
    const before = await snapshot();
    const { status, json } = await post(body.stream, user, { "Content-Type": body.contentType });
    expect(status).toBe(413);
    expect(json).toEqual({ error: "Image must be less than 25MB" });
    expect(body.read()).toBeLessThan(25 * MB + 512 * 1024);
    expect(await snapshot()).toEqual(before);
  });

  test.each([
    ["a text file named .png", () => images.textFile(), 415, /not a supported image. Use JPEG, PNG, WebP, AVIF or GIF/],
    ["an SVG with a script", () => images.svgWithScript(), 415, /not a supported image/],
    ["a zero-byte file", () => Buffer.alloc(0), 422, /empty/],
    ["a truncated JPEG", () => images.truncatedJpeg(), 422, /damaged or incomplete/],
    ["a 20000×20000 PNG bomb", () => images.pngBomb(), 422, /too many pixels/],
  ])("%s is refused and nothing is stored", async (_name, make, expectedStatus, message) => {
    const user = await staff();
    const before = await snapshot();
    const { status, json } = await post(
      form([{ name: "kind", value: "client-logo" }, file(await make(), "logo.png")]),
      user,
    );
    expect(status).toBe(expectedStatus);
    expect(json.error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  test("a PNG with a script appended is accepted clean", async () => {
    const user = await staff();
    const { status, json } = await post(
      form([{ name: "kind", value: "company-logo" }, file(await images.pngWithScript())]),
      user,
    );
    expect(status).toBe(201);
    const { key } = json.upload as { key: string };
    const object = await storage().get(key);
    const stored = await buffer(object!.body);
    expect(stored.toString("latin1")).not.toContain("<script");
  });

  test("a storage failure part-way: 500 with a JSON message, and no file or row is left", async () => {
    const user = await staff();
    const real = storage();
    let puts = 0;
    const failing: Storage = {
      ...real,
      async put(key, body, options) {
        if (++puts === 3) throw new Error("disk full");
        await real.put(key, body, options);
      },
    };
    const before = await snapshot();
    setStorage(failing);
    try {
      const { status, json } = await post(
        form([{ name: "kind", value: "client-logo" }, file(await images.png(900, 600))]),
        user,
      );
      expect(status).toBe(500);
      expect(json).toEqual({ error: "The upload failed on our side. Please try again." });
    } finally {
      setStorage(real);
    }
    expect(puts).toBe(3);
    expect(await snapshot()).toEqual(before);
  });
});

describe("project images", () => {
  async function project() {
    const client = await makeClient();
    return makeProject({ clientId: client.id });
  }
  const fields = (projectId: string, category = "photos_completed"): Part[] => [
    { name: "kind", value: "project-image" },
    { name: "projectId", value: projectId },
    { name: "category", value: category },
  ];

  test("201 with the new project_images row: id, key, url, size, order and category", async () => {
    const user = await staff();
    const { id } = await project();
    const { status, json } = await post(
      form([...fields(id), file(await images.jpeg(800, 600), "a.jpg", "image/jpeg")]),
      user,
    );
    expect(status).toBe(201);
    const image = json.image as Record<string, unknown>;
    expect(image).toMatchObject({ width: 800, height: 600, displayOrder: 0, category: "photos_completed" });
    expect(image.key).toMatch(new RegExp(`^project-files/${id}/photos_completed/\\d+-[0-9a-f]+(_avif)?\\.jpg$`));
    expect(image.url).toBe(`/media/${String(image.key)}`);
  });

  test("files picked together carry their batch and place: the second picked, sent first, still ends second", async () => {
    const user = await staff();
    const { id } = await project();
    const bytes = await images.jpeg(400, 300);
    const batch = crypto.randomUUID();
    const picked = (position: number) => [
      ...fields(id),
      { name: "batch", value: batch },
      { name: "position", value: String(position) },
      file(bytes, `${position}.jpg`, "image/jpeg"),
    ];
    const second = await post(form(picked(1)), user);
    const first = await post(form(picked(0)), user);
    expect((first.json.image as { displayOrder: number }).displayOrder).toBe(0);
    const rows = await db()
      .select({ id: schema.projectImages.id, order: schema.projectImages.displayOrder })
      .from(schema.projectImages)
      .where(eq(schema.projectImages.projectId, id));
    expect(rows.find((row) => row.id === (second.json.image as { id: string }).id)?.order).toBe(1);
    const refused = await post(form([...fields(id), { name: "position", value: "-1" }, file(bytes)]), user);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/position must be/);
  });

  test.each([
    [
      "no projectId",
      [
        { name: "kind", value: "project-image" },
        { name: "category", value: "3d_renders" },
      ],
      /projectId/,
    ],
    ["a malformed projectId", fields("not-a-uuid"), /projectId/],
    ["an unknown project", fields(crypto.randomUUID()), /This project does not exist/],
    ["an unknown category", fields(crypto.randomUUID(), "videos"), /category must be/],
  ])("%s: 400, nothing stored", async (_name, parts, message) => {
    const user = await staff();
    const before = await snapshot();
    const { status, json } = await post(form([...(parts as Part[]), file(await images.png())]), user);
    expect(status).toBe(400);
    expect(json.error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe("malformed requests: 400, nothing stored", () => {
  test.each([
    ["an unknown kind", () => form([{ name: "kind", value: "avatar" }, file(Buffer.from("x"))]), /kind must be/],
    ["no kind", () => form([file(Buffer.from("x"))]), /kind must be/],
    [
      "the file before the kind",
      () => form([file(Buffer.from("x")), { name: "kind", value: "client-logo" }]),
      /kind must be/,
    ],
    ["no file", () => form([{ name: "kind", value: "client-logo" }]), /No file was sent/],
    [
      "the file under another name",
      () =>
        form([
          { name: "kind", value: "client-logo" },
          { ...file(Buffer.from("x")), name: "image" },
        ]),
      /field named file/,
    ],
    [
      "more fields than the route takes",
      () => form([...Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, value: "x" })), file(Buffer.from("x"))]),
      /too many or too long fields/,
    ],
    [
      "a field longer than 200 characters",
      () => form([{ name: "kind", value: "x".repeat(201) }, file(Buffer.from("x"))]),
      /too many or too long fields/,
    ],
    [
      "two files",
      () => form([{ name: "kind", value: "client-logo" }, file(Buffer.from("x")), file(Buffer.from("y"))]),
      /one image per request/,
    ],
  ])("%s", async (_name, make, message) => {
    const user = await staff();
    const before = await snapshot();
    const { status, json } = await post(make(), user);
    expect(status).toBe(400);
    expect(json.error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  test("fields and part headers past the file's limit: 413, read no further", async () => {
    const user = await staff();
    const padding = Array.from({ length: 400 }, (_, i) => ({ name: `p${i}`, value: "x".repeat(190) }));
    const body = await countedBody(
      form([{ name: "kind", value: "client-logo" }, file(Buffer.alloc(25 * MB, 1)), ...padding]),
    );
    const { status } = await post(body.stream, user, { "Content-Type": body.contentType });
    expect(status).toBe(413);
    expect(body.read()).toBeLessThan(body.total);
  });

  test("a body that is not multipart", async () => {
    const user = await staff();
    const { status, json } = await post(new Blob([JSON.stringify({ kind: "client-logo" })]).stream(), user, {
      "Content-Type": "application/json",
    });
    expect(status).toBe(400);
    expect(json.error).toMatch(/multipart\/form-data/);
  });
});
