// "Not found" is said one way (app/.server/http/invariant.ts), whatever the
// route: a 404 that the error boundary shows in the spec's words, and one warn
// line with the path, so broken links can be found. Real loaders, real database.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { found } from "~/.server/http/invariant";
import { logger } from "~/.server/logger";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser, request, type TestUser } from "#tests/helpers/users";
import { loader as clientEditorLoader } from "../admin/clients/editor";
import { loadGalleryDetail } from "../admin/gallery/detail.server";
import { loadInquiry } from "../admin/inquiries/detail.server";
import { loadProjectPage } from "../public/project-page.server";
import { loadSharedPage } from "../public/share/share.server";
import { loadPortalContract, loadPortalProject, portalContractAction } from "../portal/pages.server";
import { loader as portalDocument } from "../portal/contract-document";
import { loader as contractDocument } from "../resources/contract-document";
import { loader as oembed } from "../resources/oembed";
import { loader as projectBook } from "../resources/project-book";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { portalSession } from "#tests/helpers/portal";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});
afterEach(() => vi.restoreAllMocks());

const MISSING = "0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c";

async function thrown(load: () => Promise<unknown>): Promise<unknown> {
  try {
    await load();
  } catch (error) {
    return error;
  }
  throw new Error("the loader did not throw");
}

describe("a record that is not there", () => {
  const cases: [string, string, (req: Request) => Promise<unknown>][] = [
    ["a client id no row has", `/admin/clients/${MISSING}/edit`, (req) => clientEditorLoader({ request: req, params: { id: MISSING } } as never)],
    ["a malformed client id (no SQL runs)", "/admin/clients/nope/edit", (req) => clientEditorLoader({ request: req, params: { id: "nope" } } as never)],
    ["an inquiry id no row has", `/admin/inquiries/${MISSING}`, (req) => loadInquiry(req, MISSING)],
    ["a gallery slug no row has", "/admin/gallery/no-such-gallery", (req) => loadGalleryDetail(req, "no-such-gallery")],
  ];
  for (const [label, path, load] of cases) {
    test(`${label}: a 404, its path logged once`, async () => {
      const warn = vi.spyOn(logger(), "warn");
      const error = await thrown(() => load(request(path, { user: staff })));
      // data(…, { status: 404 }): React Router answers with that status and the error boundary's 404 text.
      expect((error as { init?: ResponseInit }).init?.status).toBe(404);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]).toEqual([{ path, referer: undefined }, "page not found"]);
    });
  }

  test("a public page with its own not-found text ('Project not found') answers 404 and logs the same line", async () => {
    const warn = vi.spyOn(logger(), "warn");
    const req = request("/no-such-project", { headers: { Referer: "https://partner.example/links" } });
    const page = await loadProjectPage(req, { projectName: "no-such-project" });
    expect(page.project).toBeNull();
    expect(found(page.project, req)).toEqual({ status: 404 });
    expect(warn.mock.calls).toEqual([
      [{ path: "/no-such-project", referer: "https://partner.example/links" }, "page not found"],
    ]);
  });
});

// Routes that say what is missing in their own words (a download's plain text,
// the portal's and the share page's messages) still answer through invariant.ts:
// the same 404 and the same warn line.
describe("a not-found answer in a route's own words", () => {
  const args = (req: Request, params: Record<string, string> = {}) => ({ request: req, params, context: {} }) as never;
  let portalCookie: string;
  beforeAll(async () => {
    const client = await makeClient();
    const contact = await makeContact({ clientId: client.id, email: `ada-${client.id}@example.test` });
    portalCookie = (await portalSession(contact.id)).cookie;
  });
  const portal = (path: string) => request(path, { headers: { Cookie: portalCookie } });

  const responses: [string, string, (req: Request) => Promise<Response>, string][] = [
    [
      "a contract document that is not there (staff)",
      `/admin/contracts/${MISSING}/document`,
      (req) => contractDocument(args(req, { id: MISSING })),
      "This contract has no document.",
    ],
    [
      "a contract document that is not there (portal)",
      `/portal/contracts/${MISSING}/document`,
      (req) => portalDocument(args(req, { id: MISSING })),
      "This contract has no document to show.",
    ],
    [
      "a malformed portal document id (no SQL runs)",
      "/portal/contracts/nope/document",
      (req) => portalDocument(args(req, { id: "nope" })),
      "This contract has no document to show.",
    ],
    [
      "the project book while it is not public",
      "/project-book.pdf",
      (req) => projectBook(args(req)),
      "The project book is not available.",
    ],
    [
      "an oEmbed URL that names no embeddable page",
      "/oembed?url=https%3A%2F%2Fexample.test%2Fnope",
      (req) => oembed(args(req)),
      "No embeddable page at this URL.",
    ],
  ];
  for (const [label, path, load, text] of responses) {
    test(`${label}: a plain-text 404, its path (without a query string) logged once`, async () => {
      const req = path.startsWith("/portal")
        ? portal(path)
        : request(path, path.startsWith("/admin") ? { user: staff } : {});
      const warn = vi.spyOn(logger(), "warn");
      const response = await load(req);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await response.text()).toBe(text);
      expect(warn.mock.calls).toEqual([[{ path: path.split("?")[0], referer: undefined }, "page not found"]]);
    });
  }

  test("a share link no one made: the page's own 404, its path logged once", async () => {
    const warn = vi.spyOn(logger(), "warn");
    const answer = (await loadSharedPage(request("/share/nope"), "nope")) as { init?: ResponseInit };
    expect(answer.init?.status).toBe(404);
    expect(warn.mock.calls).toEqual([[{ path: "/share/nope", referer: undefined }, "page not found"]]);
  });

  // A malformed id says what a well-formed unknown one says (not the generic 404's words).
  const PROJECT = "This project does not exist, or is not yours to see.";
  const CONTRACT = "This contract does not exist, or is not yours to see.";
  const pages: [string, string, (req: Request, id: string) => Promise<unknown>, string][] = [
    ["project", "/portal/projects/", (req, id) => loadPortalProject(req, id), PROJECT],
    ["contract", "/portal/contracts/", (req, id) => loadPortalContract(req, {} as never, id), CONTRACT],
    ["contract's action", "/portal/contracts/", (req, id) => portalContractAction(req, {} as never, id), CONTRACT],
  ];
  for (const [label, prefix, load, message] of pages) {
    for (const id of [MISSING, "nope"]) {
      test(`a portal ${label} with ${id === MISSING ? "an unknown" : "a malformed"} id: the portal's words, its path logged once`, async () => {
        const path = `${prefix}${id}`;
        const req = label.endsWith("action")
          ? request(path, {
              method: "POST",
              body: new URLSearchParams({ intent: "decline", reason: "Not ours" }),
              headers: { Cookie: portalCookie },
            })
          : portal(path);
        const warn = vi.spyOn(logger(), "warn");
        const error = (await thrown(() => load(req, id))) as { data?: unknown; init?: ResponseInit };
        expect(error.init?.status).toBe(404);
        // With the page's frame, so the portal's error page keeps the company's header and footer.
        expect(error.data).toEqual({ message, company: expect.any(Object), person: expect.any(Object) });
        expect(warn.mock.calls).toEqual([[{ path, referer: undefined }, "page not found"]]);
      });
    }
  }
});
