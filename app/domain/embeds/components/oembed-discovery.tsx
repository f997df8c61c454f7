// The oEmbed discovery link of a public page (https://oembed.com, section 4):
// pasting the page's URL into WordPress, Ghost or a Notion-style editor finds
// /oembed through it. Rendered in the page body; React puts <link> in <head>.
// Only listed projects and published galleries have one (the endpoint answers
// 404 for the rest).
import { projectPath } from "~/domain/projects/embed";

export function OembedDiscovery({
  origin,
  project,
  gallery,
}: {
  origin: string;
  project?: { id: string; projectName: string | null; title: string; listed: boolean } | null;
  gallery?: { slug: string; name: string } | null;
}) {
  const page = gallery
    ? { path: `/gallery/${gallery.slug}`, title: gallery.name }
    : project?.listed
      ? { path: projectPath(project), title: project.title }
      : null;
  if (!page) return null;
  const href = `${origin}/oembed?${new URLSearchParams({ url: `${origin}${page.path}`, format: "json" })}`;
  return <link rel="alternate" type="application/json+oembed" href={href} title={page.title} />;
}
