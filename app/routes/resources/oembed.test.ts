// /oembed against the oEmbed spec (https://oembed.com, section 2): a `rich`
// answer with version, type, html, width and height (within maxwidth and
// maxheight) for a listed project or published gallery; 404 for an unknown,
// private or foreign URL; 501 for a format other than json; 400 without a url.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeImage, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { galleryEmbedCode } from "~/domain/galleries/embed";
import { projectEmbedCode } from "~/domain/projects/embed";
import { embedCandidate } from "~/domain/embeds/oembed";
import { loader } from "./oembed";

withTestDatabase();

const ORIGIN = "http://localhost";

async function ask(query: Record<string, string>) {
  const request = new Request(`${ORIGIN}/oembed?${new URLSearchParams(query)}`);
  return (await loader({
    request,
    params: {},
    context: undefined as never,
    unstable_pattern: "",
  } as never)) as Response;
}

async function seed() {
  const client = await makeClient({ name: "Oak Council" });
  await makeProject({
    clientId: client.id,
    title: "Oak Tower",
    projectName: "oak-tower",
    status: "completed",
    showInGallery: true,
  });
  await makeProject({ clientId: client.id, title: "Draft Den", projectName: "draft-den", status: "draft" });
  await makeGallery({ name: "Parks", slug: "oembed-parks", isPublished: true });
  await makeGallery({ name: "Hidden", slug: "oembed-hidden", isPublished: false });
}

describe("/oembed", () => {
  test("a listed project's page: a rich embed framing the page's card, which /embed.js upgrades to the page", async () => {
    await seed();
    const response = await ask({ url: `${ORIGIN}/oak-tower`, format: "json" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const body = await response.json();
    expect(body.html).toContain(
      `src="${ORIGIN}/webview/oak-tower?view=card" data-full-src="${ORIGIN}/webview/oak-tower"`,
    );
    expect(body.html).toContain('height="360"');
    expect(body).toEqual({
      version: "1.0",
      type: "rich",
      title: "Oak Tower",
      // The company's name (Settings → Company); without one, the default.
      provider_name: "Project Library",
      provider_url: `${ORIGIN}/`,
      html: projectEmbedCode({ origin: ORIGIN, projectName: "oak-tower", title: "Oak Tower", card: true }),
      width: 960,
      // The card's fixed height: a consumer that strips the script keeps a frame that fits it.
      height: 360,
      cache_age: 3600,
    });
    // Every address of the page names the same embed.
    // (The pages answer with a trailing slash too, and people paste it.)
    for (const url of [`${ORIGIN}/webview/oak-tower`, `${ORIGIN}/oak-tower?utm_source=x`, `${ORIGIN}/oak-tower/`]) {
      expect((await (await ask({ url })).json()).html).toBe(body.html);
    }
  });

  test("a published gallery's page; maxwidth and maxheight bound the hints and the frame", async () => {
    const response = await ask({ url: `${ORIGIN}/gallery/oembed-parks`, maxwidth: "500", maxheight: "300" });
    const body = await response.json();
    expect(body).toMatchObject({ type: "rich", title: "Parks", width: 500, height: 300 });
    expect(body.html).toBe(
      galleryEmbedCode({ origin: ORIGIN, slug: "oembed-parks", name: "Parks", height: 300, card: true }),
    );
    expect(body.html).toContain(`src="${ORIGIN}/gallery/oembed-parks?view=card"`);
    expect(body.html).toContain('height="300"');
    // A maxheight above the card's height does not stretch the frame past it.
    const tall = await (await ask({ url: `${ORIGIN}/gallery/oembed-parks`, maxheight: "900" })).json();
    expect(tall.height).toBe(360);
  });

  test("the page's Open Graph image is the thumbnail: its 1280 px variant, with its size", async () => {
    const client = await makeClient({ name: "Thumb Council" });
    const project = await makeProject({
      clientId: client.id,
      title: "Thumb Tower",
      projectName: "thumb-tower",
      status: "completed",
      showInGallery: true,
    });
    // The featured picture wins over an earlier completed photo, as on the page.
    await makeImage({ projectId: project.id, imageCategory: "photos_completed", width: 1000, height: 1000 });
    const featured = await makeImage({
      projectId: project.id,
      imageCategory: "photos_installation",
      storageKey: `project-files/${project.id}/photos_installation/featured.jpg`,
      width: 2400,
      height: 1600,
      displayOrder: 1,
      isFeatured: true,
    });
    const body = await (await ask({ url: `${ORIGIN}/thumb-tower` })).json();
    expect(body).toMatchObject({
      thumbnail_url: `${ORIGIN}/media/project-files/${project.id}/photos_installation/featured_w1280.webp`,
      thumbnail_width: 1280,
      thumbnail_height: 853,
    });
    expect(featured.isFeatured).toBe(true);

    // A gallery's: the first of its projects (in the gallery's order) that has a picture.
    const gallery = await makeGallery({ name: "Thumbs", slug: "oembed-thumbs", isPublished: true });
    const bare = await makeProject({ clientId: client.id, title: "Bare", status: "completed", showInGallery: true });
    await db()
      .insert(schema.galleryProjects)
      .values([
        { galleryId: gallery.id, projectId: bare.id, displayOrder: 0 },
        { galleryId: gallery.id, projectId: project.id, displayOrder: 1 },
      ]);
    const galleryBody = await (await ask({ url: `${ORIGIN}/gallery/oembed-thumbs` })).json();
    expect(galleryBody.thumbnail_url).toBe(body.thumbnail_url);

    // No picture, no thumbnail fields at all (the spec: all three or none).
    const plain = await (await ask({ url: `${ORIGIN}/oak-tower` })).json();
    expect(Object.keys(plain).filter((key) => key.startsWith("thumbnail"))).toEqual([]);
  });

  test("unknown, private or foreign URLs are 404", async () => {
    for (const url of [
      `${ORIGIN}/no-such-project`,
      `${ORIGIN}/draft-den`,
      `${ORIGIN}/gallery/oembed-hidden`,
      `${ORIGIN}/admin/projects`,
      `https://elsewhere.example/oak-tower`,
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect((await ask({ url, format: "json" })).status, url).toBe(404);
    }
  });

  test("format=xml is 501 Not Implemented; a missing url is 400", async () => {
    expect((await ask({ url: `${ORIGIN}/oak-tower`, format: "xml" })).status).toBe(501);
    expect((await ask({ url: `${ORIGIN}/oak-tower`, format: "yaml" })).status).toBe(501);
    expect((await ask({ format: "json" })).status).toBe(400);
  });

  test("the URL forms that name a page", () => {
    expect(embedCandidate(`${ORIGIN}/projects/00000000-0000-4000-8000-000000000001/preview`, ORIGIN)).toEqual({
      kind: "project",
      id: "00000000-0000-4000-8000-000000000001",
    });
    expect(embedCandidate(`${ORIGIN}/gallery/oembed-parks/`, ORIGIN)).toEqual({
      kind: "gallery",
      slug: "oembed-parks",
    });
    expect(embedCandidate(`${ORIGIN}/gallery`, ORIGIN)).toBeNull();
    expect(embedCandidate(`${ORIGIN}/gallery/`, ORIGIN)).toBeNull();
    expect(embedCandidate(`${ORIGIN}/oak-tower//`, ORIGIN)).toBeNull();
    expect(embedCandidate(`${ORIGIN}/oembed`, ORIGIN)).toBeNull();
    expect(embedCandidate(`${ORIGIN}:8080/oak-tower`, ORIGIN)).toBeNull();
  });
});
