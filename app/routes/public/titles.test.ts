// The public pages' tab titles and Open Graph site name say the company's name
// (Settings → Company), never the product's; without one, the default.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeGallery, makeProject } from "#tests/helpers/factories";
import { loaderArgs, settle } from "#tests/helpers/loader";
import { db, schema } from "~/.server/db";
import * as galleries from "./galleries";
import * as gallery from "./gallery";
import * as home from "./home";
import * as notFound from "./not-found";
import * as project from "./project";
import * as projectGallery from "./project-gallery";
import * as preview from "./project-preview";
import * as webview from "./webview";

withTestDatabase();

type Route = { loader: (args: never) => unknown; meta: (args: never) => unknown };

async function titles(): Promise<Record<string, { title: string; siteName?: string }>> {
  const client = await makeClient({ name: "Title Council" });
  const listed = await makeProject({
    clientId: client.id,
    title: "Title Tower",
    projectName: "title-tower",
    status: "completed",
    showInGallery: true,
  });
  await makeGallery({ name: "Title Parks", slug: "title-parks", isPublished: true });
  const pages: [string, Route, string, Record<string, string>][] = [
    ["library", home, "/", {}],
    ["project page", project, "/title-tower", { slug: "title-tower" }],
    ["preview", preview, `/projects/${listed.id}/preview`, { id: listed.id }],
    ["project web view", webview, "/webview/title-tower", { slug: "title-tower" }],
    ["gallery web view", webview, "/webview/title-parks", { slug: "title-parks" }],
    ["gallery", gallery, "/gallery/title-parks", { slug: "title-parks" }],
    ["galleries", galleries, "/gallery", {}],
    ["project gallery", projectGallery, "/projects", {}],
  ];
  const found: Record<string, { title: string; siteName?: string }> = {};
  for (const [name, route, path, params] of pages) {
    const { status, data } = await settle(() => route.loader(loaderArgs(path, params)));
    expect(status, name).toBe(200);
    const meta = route.meta({ data } as never) as Record<string, string>[];
    found[name] = {
      title: meta.find((entry) => "title" in entry)!.title!,
      siteName: meta.find((entry) => entry.property === "og:site_name")?.content,
    };
  }
  return found;
}

describe("public tab titles", () => {
  test("without a company name: the default, 'Project Library', never the product's name", async () => {
    for (const [page, { title, siteName }] of Object.entries(await titles())) {
      expect(title, page).toMatch(/Project Library$/);
      expect(`${title} ${siteName ?? ""}`, page).not.toContain("Playfolio");
    }
    // The 404 page reads nothing (a flood of them costs no query): its title names no one.
    expect(notFound.meta({} as never)).toContainEqual({ title: "Page not found" });
  });

  test("with Settings → Company's name: every public title ends with it, and so does og:site_name", async () => {
    await db().delete(schema.galleries);
    await db().delete(schema.projects);
    await db().insert(schema.companySettings).values({ id: 1, name: "Acme Play" });
    const found = await titles();
    for (const [page, { title, siteName }] of Object.entries(found)) {
      expect(title, page).toMatch(/Acme Play$/);
      if (siteName !== undefined) expect(siteName, page).toBe("Acme Play");
    }
    expect(found["project page"]!.title).toBe("Title Tower · Title Council | Acme Play");
    expect(found.library!.title).toBe("Project Library | Acme Play");
  });
});
