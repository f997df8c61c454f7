// The oEmbed lookup: a URL of ours that names a listed project or a published
// gallery, with the company's name as the provider. Drafts, unpublished
// galleries, other pages and other sites are not embeddable (null: a 404).
import { and, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type Embeddable, type EmbedCandidate, embedCandidate, oembedResponse, type OembedResponse } from "./oembed";

const { projects, galleries, companySettings } = schema;

async function listedProject(by: { projectName: string } | { id: string }): Promise<Embeddable | null> {
  const [row] = await db()
    .select({ id: projects.id, title: projects.title, projectName: projects.projectName })
    .from(projects)
    .where(
      and(
        "projectName" in by ? eq(projects.projectName, by.projectName) : eq(projects.id, by.id),
        eq(projects.showInGallery, true),
        eq(projects.status, "completed"),
      ),
    );
  return row ? { kind: "project", ...row } : null;
}

async function publishedGallery(slug: string): Promise<Embeddable | null> {
  const [row] = await db()
    .select({ slug: galleries.slug, name: galleries.name })
    .from(galleries)
    .where(and(eq(galleries.slug, slug), eq(galleries.isPublished, true)));
  return row ? { kind: "gallery", ...row } : null;
}

async function find(candidate: EmbedCandidate): Promise<Embeddable | null> {
  switch (candidate.kind) {
    case "gallery":
      return publishedGallery(candidate.slug);
    case "gallery-or-project":
      return (await publishedGallery(candidate.slug)) ?? listedProject({ projectName: candidate.slug });
    default:
      return listedProject("id" in candidate ? { id: candidate.id } : { projectName: candidate.projectName });
  }
}

export async function findOembed(input: {
  url: string;
  origin: string;
  maxwidth: number | null;
  maxheight: number | null;
}): Promise<OembedResponse | null> {
  const candidate = embedCandidate(input.url, input.origin);
  if (!candidate) return null;
  const [page, company] = await Promise.all([
    find(candidate),
    db().select({ name: companySettings.name }).from(companySettings).limit(1),
  ]);
  if (!page) return null;
  return oembedResponse({ ...input, page, providerName: company[0]?.name ?? "Playfolio" });
}
