// Which pages tell the view counter what they are (decision 0063), with real
// loaders on a real database: a published project's page, its embedded frame,
// a gallery, the listing pages — for visitors. Never a private preview, a share
// link, or anything signed-in staff look at.
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeProject } from "#tests/helpers/factories";
import { loaderArgs, settle } from "#tests/helpers/loader";
import { createUser, type TestUser } from "#tests/helpers/users";
import { servedAsContext } from "~/.server/http/request-context";
import { createShareLink } from "~/domain/share-links/share-links.server";
import { loader as dialogLoader } from "~/routes/resources/project-dialog";
import { loader as galleriesLoader } from "../public/galleries";
import { loader as galleryLoader } from "../public/gallery";
import { loader as homeLoader } from "../public/home";
import { loader as projectLoader } from "../public/project";
import { loader as projectGalleryLoader } from "../public/project-gallery";
import { loader as previewLoader } from "../public/project-preview";
import { loader as shareLoader } from "../public/share/page";
import { loader as webviewLoader } from "../public/webview";

withTestDatabase();

/** Runs a loader and returns the tags it handed to the counter. */
async function told(
  loader: (args: never) => unknown,
  path: string,
  params: Record<string, string> = {},
  user?: TestUser,
): Promise<string[]> {
  const tags: string[] = [];
  const context = new RouterContextProvider();
  context.set(servedAsContext, (tag) => tags.push(tag));
  const { status } = await settle(() => loader(loaderArgs(path, params, user, context)));
  expect(status, path).toBe(200);
  return tags;
}

let staff: TestUser;
let project: { id: string; projectName: string | null };
let gallery: { id: string; slug: string };
let clientId: string;

beforeAll(async () => {
  staff = await createUser({ role: "staff", verified: true });
  const client = await makeClient({ name: "Valley Council" });
  project = await makeProject({
    clientId: client.id,
    title: "Castle Keep",
    projectName: "castle-keep",
    status: "completed",
    showInGallery: true,
  });
  clientId = client.id;
  gallery = await makeGallery({ name: "Parks", isPublished: true });
});

describe("the public pages tell the counter what they are", () => {
  test("a visitor's project page, embedded frame, /projects dialog, gallery and listing pages", async () => {
    const slug = project.projectName!;
    expect(await told(projectLoader, `/${slug}`, { slug })).toEqual([`project ${project.id}`]);
    expect(await told(webviewLoader, `/webview/${slug}`, { slug })).toEqual([`project ${project.id} framed`]);
    expect(await told(dialogLoader, `/projects/${project.id}/dialog`, { id: project.id })).toEqual([
      `project ${project.id}`,
    ]);
    expect(await told(galleryLoader, `/gallery/${gallery.slug}`, { slug: gallery.slug })).toEqual([
      `gallery ${gallery.id}`,
    ]);
    expect(await told(webviewLoader, `/webview/${gallery.slug}`, { slug: gallery.slug })).toEqual([
      `gallery ${gallery.id} framed`,
    ]);
    expect(await told(homeLoader, "/")).toEqual(["page home"]);
    expect(await told(projectGalleryLoader, "/projects")).toEqual(["page projects framed"]);
    expect(await told(galleriesLoader, "/gallery")).toEqual(["page galleries"]);
  });

  test("signed-in staff are not visitors", async () => {
    const slug = project.projectName!;
    expect(await told(projectLoader, `/${slug}`, { slug }, staff)).toEqual([]);
    expect(await told(galleryLoader, `/gallery/${gallery.slug}`, { slug: gallery.slug }, staff)).toEqual([]);
    expect(await told(homeLoader, "/", {}, staff)).toEqual([]);
  });

  test("a private preview and a share link are never public views", async () => {
    const draft = await makeProject({ clientId, title: "Secret Den", projectName: "secret-den" });
    expect(await told(previewLoader, `/projects/${draft.id}/preview`, { id: draft.id }, staff)).toEqual([]);
    const link = (projectId: string) => createShareLink({ target: { projectId }, expiresOn: null, userId: staff.id });
    const { token } = await link(draft.id);
    expect(await told(shareLoader, `/share/${token}`, { token })).toEqual([]);
    const shared = await link(project.id);
    expect(await told(shareLoader, `/share/${shared.token}`, { token: shared.token })).toEqual([]);
  });
});
