// Who sees a project's pages, on every address that shows one project, with
// real requests on a real database: a project is public only when published
// (Show in Gallery, or in a published gallery). Otherwise visitors get the
// spec's 'Project not found' (404), as for a project that does not exist;
// signed-in staff see it marked as a preview, with a way back to the admin.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeProject } from "#tests/helpers/factories";
import { loaderArgs, settle } from "#tests/helpers/loader";
import { createUser, formRequest, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { factories } from "#tests/factories";
import { findOembed } from "~/domain/embeds/oembed.server";
import { libraryQuery } from "~/domain/library/library";
import { listSitemapEntries } from "~/domain/library/sitemap.server";
import { loadProjectBook } from "~/domain/project-book/project-book.server";
import { loader as dialogLoader } from "~/routes/resources/project-dialog";
import { action as inquiryAction, loader as inquiryLoader } from "./inquiry/page";
import { loader as projectLoader } from "./project";
import { loader as previewLoader } from "./project-preview";
import { loader as webviewLoader } from "./webview";

withTestDatabase();

/** Every address that shows one project: its page, web view, preview, inquiry form and /projects dialog. */
function addresses(project: { id: string; projectName: string | null }) {
  const name = project.projectName!;
  return {
    page: (user?: TestUser) => settle(() => projectLoader(loaderArgs(`/${name}`, { slug: name }, user))),
    webview: (user?: TestUser) => settle(() => webviewLoader(loaderArgs(`/webview/${name}`, { slug: name }, user))),
    preview: (user?: TestUser) =>
      settle(() => previewLoader(loaderArgs(`/projects/${project.id}/preview`, { id: project.id }, user))),
    inquiry: (user?: TestUser) =>
      settle(() => inquiryLoader(loaderArgs(`/projects/${project.id}/inquiry`, { id: project.id }, user))),
    dialog: (user?: TestUser) =>
      settle(() => dialogLoader(loaderArgs(`/projects/${project.id}/dialog`, { id: project.id }, user))),
  };
}

let staff: TestUser;
let admin: TestUser;
let pending: TestUser;
let client: { id: string };
beforeAll(async () => {
  [staff, admin, pending] = await Promise.all([
    createUser({ role: "staff" }),
    createUser({ role: "admin" }),
    createUser({ role: "pending" }),
  ]);
  client = await makeClient({ name: "Confidential Council" });
});

describe("a project that is not published", () => {
  test("is 'Project not found' (404) to visitors on every address, exactly like a project that does not exist", async () => {
    const draft = await makeProject({
      clientId: client.id,
      title: "Secret Den",
      projectName: "secret-den",
      status: "in_progress",
    });
    // In a gallery that is not published: still not public.
    const hidden = await makeGallery({ isPublished: false });
    await factories(db()).galleryProject({ galleryId: hidden.id, projectId: draft.id, displayOrder: 0 });

    const at = addresses(draft);
    for (const [address, load] of Object.entries(at)) {
      for (const viewer of [undefined, pending]) {
        const answer = await load(viewer);
        expect(answer.status, `${address} as ${viewer?.role ?? "a visitor"}`).toBe(404);
        expect(answer.text, address).not.toContain("Secret Den");
        expect(answer.text, address).not.toContain("Confidential Council");
      }
    }
    const missing = await addresses({ id: crypto.randomUUID(), projectName: "no-such-den" }).page();
    expect((await at.page()).data).toEqual(missing.data);

    // Nor can a visitor send an inquiry about it.
    const posted = await settle(() =>
      inquiryAction({
        request: formRequest(`/projects/${draft.id}/inquiry`, { name: "Bot", email: "bot@example.test" }),
        params: { id: draft.id },
        context: undefined as never,
        unstable_pattern: "",
      } as never),
    );
    expect(posted.status).toBe(404);
  });

  test("signed-in staff see it, marked as a preview with the way back to its admin page", async () => {
    const draft = await makeProject({ clientId: client.id, title: "Staff Den", projectName: "staff-den" });
    const at = addresses(draft);
    for (const viewer of [staff, admin]) {
      for (const address of ["page", "webview", "preview", "inquiry"] as const) {
        const answer = await at[address](viewer);
        expect(answer.status, `${address} as ${viewer.role}`).toBe(200);
        expect(answer.data?.staff, address).toEqual({
          preview: true,
          adminHref: `/admin/projects/${draft.id}/edit`,
        });
      }
    }
  });
});

describe("a published project", () => {
  test("Show in Gallery, or a place in a published gallery, makes every address public (any status)", async () => {
    const listed = await makeProject({
      clientId: client.id,
      title: "Listed Tower",
      projectName: "listed-tower",
      status: "completed",
      showInGallery: true,
    });
    const shownDraft = await makeProject({
      clientId: client.id,
      title: "Shown Draft",
      projectName: "shown-draft",
      showInGallery: true,
    });
    const inGallery = await makeProject({ clientId: client.id, title: "Gallery Den", projectName: "gallery-den" });
    const gallery = await makeGallery({ isPublished: true });
    await factories(db()).galleryProject({ galleryId: gallery.id, projectId: inGallery.id, displayOrder: 0 });

    for (const project of [listed, shownDraft, inGallery]) {
      for (const address of ["page", "webview", "preview", "inquiry"] as const) {
        const answer = await addresses(project)[address]();
        expect(answer.status, `${project.title}: ${address}`).toBe(200);
        expect(answer.text).toContain(project.title);
        // A visitor's page is the same for everyone: nothing about staff in it.
        expect(answer.data?.staff ?? null, `${project.title}: ${address}`).toBeNull();
      }
    }
    // The /projects dialog shows the listed projects only (the cards of /projects).
    expect((await addresses(listed).dialog()).status).toBe(200);
    expect((await addresses(shownDraft).dialog()).status).toBe(404);

    // Unpublishing the gallery makes its project private again, at once.
    await db().update(schema.galleries).set({ isPublished: false }).where(eq(schema.galleries.id, gallery.id));
    expect((await addresses(inGallery).page()).status).toBe(404);
  });

  test("signed-in staff get a small link to the project's admin page; no preview mark", async () => {
    const listed = await makeProject({
      clientId: client.id,
      title: "Staff Tower",
      projectName: "staff-tower",
      status: "completed",
      showInGallery: true,
    });
    for (const address of ["page", "webview", "preview"] as const) {
      const answer = await addresses(listed)[address](staff);
      expect(answer.data?.staff, address).toEqual({ preview: false, adminHref: `/admin/projects/${listed.id}/edit` });
    }
    // A pending account is not staff: the visitor's page.
    expect((await addresses(listed).page(pending)).data?.staff ?? null).toBeNull();
  });
});

describe("the listings", () => {
  test("hold listed projects only (Show in Gallery and completed): never a private one, nor a published one not listed", async () => {
    const listed = await makeProject({
      clientId: client.id,
      title: "Catalogue Castle",
      projectName: "catalogue-castle",
      status: "completed",
      showInGallery: true,
    });
    const shownDraft = await makeProject({
      clientId: client.id,
      title: "Catalogue Draft",
      projectName: "catalogue-draft",
      showInGallery: true,
    });
    const inGallery = await makeProject({
      clientId: client.id,
      title: "Catalogue Grove",
      projectName: "catalogue-grove",
      status: "completed",
    });
    const hidden = await makeProject({
      clientId: client.id,
      title: "Catalogue Secret",
      projectName: "catalogue-secret",
      status: "completed",
    });
    const gallery = await makeGallery({ isPublished: true });
    await factories(db()).galleryProject({ galleryId: gallery.id, projectId: inGallery.id, displayOrder: 0 });

    const entries = await listSitemapEntries();
    const sitemap = entries.map((entry) => entry.path);
    const book = (await loadProjectBook(libraryQuery(new URLSearchParams("q=Catalogue")))).projects.map((p) => p.title);
    const embeddable = async (name: string) =>
      (
        await findOembed({
          url: `http://localhost/${name}`,
          origin: "http://localhost",
          maxwidth: null,
          maxheight: null,
        })
      )?.title ?? null;
    expect(sitemap).toContain(`/${listed.projectName}`);
    expect(entries).toContainEqual({ path: `/gallery/${gallery.slug}`, lastModified: gallery.updatedAt });
    expect(book).toEqual(["Catalogue Castle"]);
    expect(await embeddable("catalogue-castle")).toBe("Catalogue Castle");
    for (const project of [shownDraft, inGallery, hidden]) {
      expect(sitemap).not.toContain(`/${project.projectName}`);
      expect(await embeddable(project.projectName!)).toBeNull();
    }
  });
});
