// The signed contract PDF over HTTP: POST /api/contract-documents (who may
// upload, what is refused and how much of it is read) and
// GET /admin/contracts/:id/document (staff only, the same bytes, safe headers).
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeProject } from "#tests/helpers/factories";
import { createUser, formRequest, request, type TestUser } from "#tests/helpers/users";
import * as images from "#tests/fixtures/images/generate";
import { minimalPdf } from "#tests/fixtures/pdf";
import { countedWebStream } from "#tests/fixtures/images/streams";
import { db, schema } from "~/.server/db";
import { staffOnly } from "~/.server/auth/middleware";
import { storage } from "~/.server/storage";
import { contractEditorAction } from "~/routes/admin/contracts/editor.server";
import { getContractForEdit, saveContract } from "~/domain/contracts/contracts.server";
import { contractFormSchema } from "~/domain/contracts/schema";
import { loader as download } from "./contract-document";
import { action as upload } from "./contract-documents";

withTestDatabase();

const MB = 1024 * 1024;

function form(bytes: Buffer, filename = "agreement.pdf", type = "application/pdf"): FormData {
  const data = new FormData();
  data.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
  return data;
}

async function post(body: FormData | ReadableStream<Uint8Array>, user?: TestUser, headers: HeadersInit = {}) {
  const init: RequestInit & { user?: TestUser; duplex?: "half" } = { method: "POST", body, headers, user };
  if (body instanceof ReadableStream) init.duplex = "half";
  const req = request("/api/contract-documents", init);
  const response = await upload({
    request: req,
    url: new URL(req.url),
    pattern: "/api/contract-documents",
    params: {},
    context: new RouterContextProvider(),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** The multipart bytes FormData makes, as a body that counts how much of it was read. */
async function countedBody(data: FormData) {
  const encoded = new Request("http://localhost/", { method: "POST", body: data });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return { ...countedWebStream(bytes), total: bytes.length, contentType: encoded.headers.get("Content-Type")! };
}

async function get(id: string, user?: TestUser): Promise<Response> {
  const req = request(`/admin/contracts/${id}/document`, { user });
  const args = {
    request: req,
    url: new URL(req.url),
    pattern: "/admin/contracts/:id/document",
    params: { id },
    context: new RouterContextProvider(),
  };
  try {
    // As the app runs it: the admin layout's middleware, then the loader.
    return (await staffOnly(args, async () => download(args))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function snapshot() {
  const keys: string[] = [];
  for await (const key of storage().list("private/")) keys.push(key);
  return { files: keys.length, pending: (await db().select().from(schema.contractUploads)).length };
}

async function contractWithDocument(user: TestUser, bytes: Buffer, filename: string) {
  const { status, json } = await post(form(bytes, filename), user);
  expect(status).toBe(201);
  const document = json.document as { id: string; name: string; bytes: number };
  const client = await makeClient();
  const project = await makeProject({ clientId: client.id });
  const values = contractFormSchema.parse({ projectId: project.id, documentUploadId: document.id });
  return { document, ...(await saveContract({ values, userId: user.id })) };
}

describe("uploading a contract document", () => {
  test("anonymous: 401, the body is not read, nothing is stored", async () => {
    const before = await snapshot();
    const body = await countedBody(form(minimalPdf()));
    const { status, json } = await post(body.stream, undefined, { "Content-Type": body.contentType });
    expect(status).toBe(401);
    expect(json).toEqual({ error: "Not authenticated" });
    expect(body.read()).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  test("an account waiting for access: 403, nothing stored", async () => {
    const pending = await createUser({ role: "pending" });
    const before = await snapshot();
    const { status, json } = await post(form(minimalPdf()), pending);
    expect(status).toBe(403);
    expect(json.error).toMatch(/waiting for access/);
    expect(await snapshot()).toEqual(before);
  });

  test("a PDF: 201 with the pending document; stored under private/ with a safe name", async () => {
    const user = await createUser({ role: "staff" });
    const bytes = minimalPdf(["Stored"]);
    const { status, json } = await post(form(bytes, '../Signed "final".pdf'), user);
    expect(status).toBe(201);
    expect(json.document).toEqual({ id: expect.any(String), name: "Signed final.pdf", bytes: bytes.length });
    const [row] = await db().select().from(schema.contractUploads);
    expect(row).toMatchObject({ fileName: "Signed final.pdf", bytes: bytes.length, uploadedBy: user.id });
    expect(row!.storageKey).toMatch(/^private\/contracts\/\d+-[0-9a-f]+\.pdf$/);
    expect(() => storage().publicUrl(row!.storageKey)).toThrow();
  });

  test.each([
    ["a PNG renamed .pdf", async () => images.png(), 415, "This file is not a PDF."],
    [
      "an HTML page renamed .pdf",
      async () => Buffer.from("<!doctype html><script>alert(1)</script>"),
      415,
      "This file is not a PDF.",
    ],
    [
      "a PDF with something before its header",
      async () => Buffer.concat([Buffer.from(" "), minimalPdf()]),
      415,
      "This file is not a PDF.",
    ],
    ["four bytes", async () => Buffer.from("%PDF"), 415, "This file is not a PDF."],
    ["an empty file", async () => Buffer.alloc(0), 400, "This file is empty. Choose another PDF."],
  ])("%s is refused by its bytes and nothing is stored", async (_name, make, expected, message) => {
    const user = await createUser({ role: "staff" });
    const before = await snapshot();
    const { status, json } = await post(form(await make(), "contract.pdf"), user);
    expect(status).toBe(expected);
    expect(json).toEqual({ error: message });
    expect(await snapshot()).toEqual(before);
  });

  test("a 25 MB PDF: 413, read no further than the limit, nothing stored", async () => {
    const user = await createUser({ role: "staff" });
    const big = Buffer.concat([minimalPdf(), Buffer.alloc(25 * MB, 0x20)]);
    const body = await countedBody(form(big));
    const before = await snapshot();
    const { status, json } = await post(body.stream, user, { "Content-Type": body.contentType });
    expect(status).toBe(413);
    expect(json).toEqual({ error: "The document must be less than 20MB" });
    expect(body.read()).toBeLessThan(20 * MB + 512 * 1024);
    expect(await snapshot()).toEqual(before);
  });

  test("a file that is not in the field named file, or no file at all: 400", async () => {
    const user = await createUser({ role: "staff" });
    const wrong = new FormData();
    wrong.append("document", new Blob([new Uint8Array(minimalPdf())]), "a.pdf");
    expect((await post(wrong, user)).status).toBe(400);
    const none = new FormData();
    none.append("note", "hello");
    expect(await post(none, user)).toMatchObject({ status: 400, json: { error: expect.stringMatching(/No file/) } });
  });
});

describe("downloading a contract document", () => {
  test("staff get the same bytes as a PDF attachment that is never cached or sniffed", async () => {
    const user = await createUser({ role: "staff" });
    const bytes = minimalPdf(["Round trip", "Page text"]);
    const { id } = await contractWithDocument(user, bytes, "Vertrag für Spielplatz.pdf");
    const response = await get(id, user);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/pdf",
      "content-length": String(bytes.length),
      "content-disposition":
        "attachment; filename=\"Vertrag f_r Spielplatz.pdf\"; filename*=UTF-8''Vertrag%20f%C3%BCr%20Spielplatz.pdf",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
  });

  test("anonymous: redirected to sign in, nothing of the document in the answer", async () => {
    const user = await createUser({ role: "staff" });
    const { id } = await contractWithDocument(user, minimalPdf(["Secret terms"]), "secret.pdf");
    const response = await get(id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/auth?redirectTo=${encodeURIComponent(`/admin/contracts/${id}/document`)}`,
    );
    expect(response.headers.get("Content-Disposition")).toBeNull();
    expect(await response.text()).not.toContain("Secret");
  });

  test("an account waiting for access is sent to the waiting page", async () => {
    const user = await createUser({ role: "staff" });
    const { id } = await contractWithDocument(user, minimalPdf(), "a.pdf");
    const response = await get(id, await createUser({ role: "pending" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pending");
  });

  test("a contract without a document, or no such contract: 404", async () => {
    const user = await createUser({ role: "staff" });
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const { id } = await saveContract({ values: contractFormSchema.parse({ projectId: project.id }), userId: user.id });
    expect((await get(id, user)).status).toBe(404);
    expect((await get("00000000-0000-4000-8000-000000000000", user)).status).toBe(404);
    await expect(get("not-a-uuid", user)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("the contract form's action", () => {
  test("a signed contract is not moved back without confirmUnsign; the toast says saving failed", async () => {
    const user = await createUser({ role: "staff" });
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const { id } = await saveContract({
      values: contractFormSchema.parse({ projectId: project.id, status: "signed", dateSigned: "2025-01-02" }),
      userId: user.id,
    });
    const { version } = (await getContractForEdit(id))!;
    const fields = { projectId: project.id, status: "draft", version };
    const refused = await contractEditorAction(
      formRequest(`/admin/contracts/${id}/edit`, fields, user),
      new RouterContextProvider(),
      id,
    );
    expect(refused).toMatchObject({
      init: { status: 409 },
      data: {
        result: { error: { status: ["This contract is signed. Confirm to move it back to draft."] } },
      },
    });
    expect((await getContractForEdit(id))?.status).toBe("signed");

    const done = await contractEditorAction(
      formRequest(`/admin/contracts/${id}/edit`, { ...fields, confirmUnsign: "on" }, user),
      new RouterContextProvider(),
      id,
    );
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get("Location")).toBe("/admin/contracts");
    expect(await getContractForEdit(id)).toMatchObject({ status: "draft", dateSigned: null });
  });

  test("an invalid form is answered with its messages and saves nothing", async () => {
    const user = await createUser({ role: "staff" });
    const before = (await db().select().from(schema.contracts)).length;
    const noProject = await contractEditorAction(
      formRequest("/admin/contracts/new", { status: "draft" }, user),
      new RouterContextProvider(),
    );
    expect(noProject).toMatchObject({
      init: { status: 400 },
      data: { result: { error: { projectId: ["Project is required"] } } },
    });
    const client = await makeClient();
    const project = await makeProject({ clientId: client.id });
    const undated = await contractEditorAction(
      formRequest("/admin/contracts/new", { projectId: project.id, status: "signed" }, user),
      new RouterContextProvider(),
    );
    expect(undated).toMatchObject({
      init: { status: 400 },
      data: { result: { error: { dateSigned: ["A signed contract needs the date it was signed"] } } },
    });
    expect(await db().select().from(schema.contracts)).toHaveLength(before);
  });
});
