// "Not found" is said one way (app/.server/http/invariant.ts), whatever the
// route: a 404 that the error boundary shows in the spec's words, and one warn
// line with the path, so broken links can be found. Real loaders, real database.
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { found } from "~/.server/http/invariant";
import { logger } from "~/.server/logger";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser, request, type TestUser } from "#tests/helpers/users";
import { loadClientToEdit } from "../admin/clients/editor.server";
import { loadGalleryDetail } from "../admin/gallery/detail.server";
import { loadInquiry } from "../admin/inquiries/detail.server";
import { loadProjectPage } from "../public/project-page.server";

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
    ["a client id no row has", `/admin/clients/${MISSING}/edit`, (req) => loadClientToEdit(req, MISSING)],
    ["a malformed client id (no SQL runs)", "/admin/clients/nope/edit", (req) => loadClientToEdit(req, "nope")],
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
