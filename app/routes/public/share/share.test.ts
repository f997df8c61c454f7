// /share/:token with real requests on a real database: what a link shows while
// it works, where the links inside a shared gallery go, and that revoking it
// (or its last day passing) ends access on every address of the project at
// once, with a page that says which happened and how to reach the company.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { factories } from "#tests/factories";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeProject } from "#tests/helpers/factories";
import { createUser, request, type TestUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { createShareLink, revokeShareLink } from "~/domain/share-links/share-links.server";
import { loader as inquiryLoader } from "../inquiry/page";
import { loader as projectLoader } from "../project";
import { loader as previewLoader } from "../project-preview";
import { loader as webviewLoader } from "../webview";
import { loader as shareLoader } from "./page";

withTestDatabase();

type Answer = { status: number; data: Record<string, unknown> };

async function settle(run: () => unknown): Promise<Answer> {
  const result = (await run()) as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (result?.type === "DataWithResponseInit") {
    return { status: result.init?.status ?? 200, data: result.data as Record<string, unknown> };
  }
  return { status: 200, data: result as Record<string, unknown> };
}

const args = (path: string, params: Record<string, string>) =>
  ({ request: request(path), params, context: new RouterContextProvider(), unstable_pattern: "" }) as never;

const open = (token: string, query = "") => settle(() => shareLoader(args(`/share/${token}${query}`, { token })));

/** Every public address of a project, as a visitor (no session) asks for it. */
function publicAddresses(project: { id: string; projectName: string | null }) {
  const name = project.projectName!;
  return [
    () => settle(() => projectLoader(args(`/${name}`, { slug: name }))),
    () => settle(() => webviewLoader(args(`/webview/${name}`, { slug: name }))),
    () => settle(() => previewLoader(args(`/projects/${project.id}/preview`, { id: project.id }))),
    () => settle(() => inquiryLoader(args(`/projects/${project.id}/inquiry`, { id: project.id }))),
  ];
}

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
  await factories(db()).company({ name: "Northtown Play Co.", address: "1 Swing Street", phone: "+1 555 0100" });
});

async function draftProject(title: string, projectName: string) {
  const client = await makeClient({ name: `${title} Council` });
  return makeProject({ clientId: client.id, title, projectName, status: "planning" });
}

describe("a share link", () => {
  test("revoked: the link and every public address of its project end at once, and the page says it was revoked", async () => {
    const project = await draftProject("Quarry Quest", "quarry-quest");
    const { id, token } = await createShareLink({
      target: { projectId: project.id },
      expiresOn: null,
      userId: staff.id,
    });
    const shown = await open(token);
    expect(shown.status).toBe(200);
    expect(shown.data.project).toMatchObject({ title: "Quarry Quest" });

    await revokeShareLink(id);
    const gone = await open(token);
    expect(gone.status).toBe(410);
    expect(gone.data).toMatchObject({
      state: "revoked",
      project: null,
      gallery: null,
      company: { name: "Northtown Play Co.", address: "1 Swing Street", phone: "+1 555 0100" },
    });
    for (const address of publicAddresses(project)) {
      const answer = await address();
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.data)).not.toContain("Quarry Quest");
    }
  });

  test("past its last day: ended everywhere too, and the page says it expired", async () => {
    const project = await draftProject("Cliff Climb", "cliff-climb");
    const { id, token } = await createShareLink({
      target: { projectId: project.id },
      expiresOn: "2099-01-01",
      userId: staff.id,
    });
    expect((await open(token)).status).toBe(200);
    await db()
      .update(schema.shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.shareLinks.id, id));
    const gone = await open(token);
    expect(gone.status).toBe(410);
    expect(gone.data).toMatchObject({ state: "expired", company: { name: "Northtown Play Co." } });
    for (const address of publicAddresses(project)) expect((await address()).status).toBe(404);
  });

  test("to an unpublished gallery: its cards open their projects inside the share, and only its own", async () => {
    const inside = await draftProject("Secret Slide", "secret-slide");
    const outside = await draftProject("Other Den", "other-den");
    const gallery = await makeGallery({ name: "Plans", isPublished: false });
    await factories(db()).galleryProject({ galleryId: gallery.id, projectId: inside.id, displayOrder: 0 });
    const { id, token } = await createShareLink({
      target: { galleryId: gallery.id },
      expiresOn: null,
      userId: staff.id,
    });

    const shown = await open(token);
    const cards = (shown.data.gallery as { cards: { title: string; href: string }[] }).cards;
    expect(cards).toEqual([
      expect.objectContaining({ title: "Secret Slide", href: `/share/${token}?project=${inside.id}` }),
    ]);
    const opened = await open(token, `?project=${inside.id}`);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ project: { title: "Secret Slide" }, backHref: `/share/${token}` });
    expect((await open(token, `?project=${outside.id}`)).status).toBe(404);
    expect((await open(token, "?project=not-a-uuid")).status).toBe(404);

    await revokeShareLink(id);
    expect((await open(token, `?project=${inside.id}`)).status).toBe(410);
  });
});
