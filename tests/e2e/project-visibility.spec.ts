// Who sees a project's pages, on the built server with its render cache in
// front (the rule on each address, and the listings, are proved on a real
// database in app/routes/public/project-visibility.test.ts): an unpublished
// project is 'Project not found' to visitors on every address and never
// stored; signed-in staff see it under a "Preview — not public" bar; a page
// that depends on the session is sent private while the visitor's stays
// cacheable; revoking a share link ends it everywhere at once. Then, in the
// browser: the preview bar, the admin's visibility badges and the revoked
// link's page, each with axe and at 390 px.
import { hashShareToken } from "~/domain/share-links/share-links.server";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures";
import { ownerCookie, useIsolatedServer } from "./support/isolated";
import { checkAtBothWidths } from "./support/screens";

const CLIENT = "c2500000-0000-4000-8000-000000000001";
const HIDDEN = "a2500000-0000-4000-8000-000000000001";
const LISTED = "a2500000-0000-4000-8000-000000000002";
const IN_GALLERY = "a2500000-0000-4000-8000-000000000003";
const PARKS = "e2500000-0000-4000-8000-000000000001";
const PLANS = "e2500000-0000-4000-8000-000000000002";
const PROJECT_LINK = "f2500000-0000-4000-8000-000000000001";
const GALLERY_LINK = "f2500000-0000-4000-8000-000000000002";
const PROJECT_TOKEN = "projectTOKEN-projectTOKEN-projectTOKEN-proj";
const GALLERY_TOKEN = "galleryTOKEN-galleryTOKEN-galleryTOKEN-gall";
const REVOKED_TOKEN = "revokedTOKEN-revokedTOKEN-revokedTOKEN-revo";

const server = useIsolatedServer({
  async seed({ make }) {
    await make.company({ name: "Northtown Play Co.", address: "1 Swing Street, Northtown", phone: "+1 555 0100" });
    await make.client({ id: CLIENT, name: "Quiet Council" });
    await make.project({
      id: HIDDEN,
      title: "Hidden Harbour",
      projectName: "hidden-harbour",
      clientId: CLIENT,
      status: "in_progress",
    });
    await make.project({
      id: LISTED,
      title: "Open Orchard",
      projectName: "open-orchard",
      clientId: CLIENT,
      status: "completed",
      showInGallery: true,
    });
    await make.project({ id: IN_GALLERY, title: "Gallery Grove", projectName: "gallery-grove", clientId: CLIENT });
    await make.gallery({ id: PARKS, name: "Parks", slug: "parks", isPublished: true });
    await make.galleryProject({ galleryId: PARKS, projectId: IN_GALLERY, displayOrder: 0 });
    await make.gallery({ id: PLANS, name: "Plans", slug: "plans", isPublished: false });
    await make.galleryProject({ galleryId: PLANS, projectId: HIDDEN, displayOrder: 0 });
    await make.shareLink({ id: PROJECT_LINK, projectId: HIDDEN, tokenHash: hashShareToken(PROJECT_TOKEN) });
    await make.shareLink({ id: GALLERY_LINK, galleryId: PLANS, tokenHash: hashShareToken(GALLERY_TOKEN) });
    await make.shareLink({
      projectId: LISTED,
      tokenHash: hashShareToken(REVOKED_TOKEN),
      revokedAt: new Date(Date.now() - 60_000),
      label: "for Northtown Parks",
    });
  },
});

/** Every address that shows one project. */
const ADDRESSES = [
  "/hidden-harbour",
  "/webview/hidden-harbour",
  `/projects/${HIDDEN}/preview`,
  `/projects/${HIDDEN}/dialog`,
  `/projects/${HIDDEN}/inquiry`,
];

interface Answer {
  status: number;
  headers: Headers;
  html: string;
}

async function get(path: string, options: { staff?: boolean } = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    headers: options.staff ? { Cookie: ownerCookie() } : {},
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

test.describe("on the server", () => {
  test("an unpublished project is 'Project not found' to visitors on every address, and never stored", async () => {
    for (const path of ADDRESSES) {
      // Twice: the second would be a hit had the first been stored.
      for (const attempt of [1, 2]) {
        const visitor = await get(path);
        expect(visitor.status, `${path} (${attempt})`).toBe(404);
        expect(visitor.headers.get("x-render-cache"), path).not.toBe("hit");
        expect(visitor.html, path).not.toContain("Hidden Harbour");
        expect(visitor.html, path).not.toContain("Quiet Council");
      }
    }
    expect((await get("/hidden-harbour")).html).toContain("Project not found");

    // Staff see it, as a preview, answered privately and never from or into the cache.
    for (const path of ["/hidden-harbour", "/webview/hidden-harbour", `/projects/${HIDDEN}/preview`]) {
      const staff = await get(path, { staff: true });
      expect(staff.status, path).toBe(200);
      expect(staff.html, path).toContain("Hidden Harbour");
      expect(staff.html, path).toContain("Preview — not public");
      expect(staff.headers.get("cache-control"), path).toBe("private, no-store");
      expect(staff.headers.get("x-render-cache"), path).toBeNull();
      expect((await get(path)).status, `${path} after staff`).toBe(404);
    }
  });

  test("a page that depends on the session is private; the visitor's stays public and cacheable", async () => {
    for (const path of [
      "/",
      "/open-orchard",
      "/webview/open-orchard",
      `/projects/${LISTED}/preview`,
      "/gallery/parks",
    ]) {
      const visitor = await get(path);
      expect(visitor.status, path).toBe(200);
      expect(visitor.headers.get("cache-control"), path).toMatch(/^public, /);
      expect(visitor.html, path).not.toContain("Back to the admin");

      const staff = await get(path, { staff: true });
      expect(staff.status, path).toBe(200);
      expect(staff.headers.get("cache-control"), path).toBe("private, no-store");
      expect(staff.html, path).toContain("Back to the admin");
      expect(staff.html, path).not.toContain("Preview — not public");
    }
    // A project of a published gallery is published: the gallery links to a page visitors can open.
    const gallery = await get("/gallery/parks");
    const hrefs = [...gallery.html.matchAll(/href="(\/[a-z0-9-]+)"/g)].map((match) => match[1]!);
    expect(hrefs).toContain("/gallery-grove");
    for (const href of hrefs) expect((await get(href)).status, href).toBe(200);
  });

  test("revoking a share link ends it everywhere at once", async () => {
    // Open: the project's link, and the unpublished gallery's, whose cards stay inside the share.
    const opened = await get(`/share/${PROJECT_TOKEN}`);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain("Hidden Harbour");
    const shared = await get(`/share/${GALLERY_TOKEN}`);
    expect(shared.status).toBe(200);
    const cardLink = `/share/${GALLERY_TOKEN}?project=${HIDDEN}`;
    expect(shared.html).toContain(`href="${cardLink.replace("&", "&amp;")}"`);
    expect(shared.html).not.toContain('href="/hidden-harbour"');
    const throughGallery = await get(cardLink);
    expect(throughGallery.status).toBe(200);
    expect(throughGallery.html).toContain("Hidden Harbour");
    // A project that is not in the shared gallery is not reachable through it.
    expect((await get(`/share/${GALLERY_TOKEN}?project=${LISTED}`)).status).toBe(404);

    for (const id of [PROJECT_LINK, GALLERY_LINK]) {
      const revoked = await fetch(`${server.url}/admin/share-links`, {
        method: "POST",
        headers: { Cookie: ownerCookie(), Origin: server.url },
        body: new URLSearchParams({ intent: "revoke", id }),
      });
      expect(revoked.status).toBe(200);
    }
    for (const path of [`/share/${PROJECT_TOKEN}`, `/share/${GALLERY_TOKEN}`, cardLink, ...ADDRESSES]) {
      const after = await get(path);
      expect([404, 410], path).toContain(after.status);
      expect(after.html, path).not.toContain("Hidden Harbour");
      expect(after.headers.get("x-render-cache"), path).not.toBe("hit");
    }
    const gone = await get(`/share/${PROJECT_TOKEN}`);
    expect(gone.status).toBe(410);
    expect(gone.html).toContain("This link has been revoked");
    expect(gone.html).toContain("Northtown Play Co.");
    expect(gone.html).toContain("+1 555 0100");
  });
});

test.describe("in the browser", () => {
  test("staff see the preview bar on an unpublished project and go back to the admin from it", async ({ page }) => {
    await server.signIn(page);
    await page.goto(`${server.url}/hidden-harbour`);
    const bar = page.getByRole("complementary", { name: "Staff preview" });
    await expect(bar).toContainText("Preview — not public");
    await expect(page.getByRole("heading", { name: "Hidden Harbour", level: 1 })).toBeVisible();
    await checkAtBothWidths(page, "staff-preview-bar");

    // A published page: only a small link.
    await page.goto(`${server.url}/open-orchard`);
    await expect(page.getByRole("complementary", { name: "Staff preview" })).toHaveCount(0);
    await expect(page.getByRole("complementary", { name: "Staff" }).getByRole("link")).toHaveText("Back to the admin");
    await expectNoSeriousA11yViolations(page, "published page seen by staff");

    await page.goto(`${server.url}/hidden-harbour`);
    await bar.getByRole("link", { name: "Back to the admin" }).click();
    await expect(page).toHaveURL(`${server.url}/admin/projects/${HIDDEN}/edit`);
  });

  test("the projects list and the project form show who can see each project", async ({ page }) => {
    await server.signIn(page);
    await page.goto(`${server.url}/admin/projects`);
    const row = (title: string) => page.getByRole("row").filter({ hasText: title });
    await expect(row("Hidden Harbour")).toContainText("Private");
    await expect(row("Open Orchard")).toContainText("Listed");
    await expect(row("Gallery Grove")).toContainText("In a published gallery");
    await checkAtBothWidths(page, "admin-projects-visibility");

    await page.goto(`${server.url}/admin/projects/${IN_GALLERY}/edit`);
    const visibility = page.getByRole("status", { name: "Visibility" });
    await expect(visibility).toContainText("In a published gallery");
    await expect(page.getByRole("switch", { name: "Show in Gallery" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "project form with its visibility");
  });

  test("a revoked link says it was revoked and how to reach the company", async ({ page }) => {
    const response = await page.goto(`${server.url}/share/${REVOKED_TOKEN}`);
    expect(response!.status()).toBe(410);
    await expect(page.getByRole("heading", { name: "This link has been revoked" })).toBeVisible();
    await expect(page.getByText("Northtown Play Co.")).toBeVisible();
    await expect(page.getByRole("link", { name: "+1 555 0100" })).toBeVisible();
    await checkAtBothWidths(page, "share-link-revoked");
  });
});
