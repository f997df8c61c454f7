// GET /sitemap.xml
import { publicOrigin } from "~/.server/http/origin";
import { listSitemapEntries } from "~/domain/library/sitemap.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const entries = [
    { path: "/", lastModified: null as Date | null },
    { path: "/gallery", lastModified: null as Date | null },
    ...(await listSitemapEntries()),
  ];
  const urls = entries
    .map(
      (entry) =>
        `  <url><loc>${escapeXml(new URL(entry.path, origin).toString())}</loc>${
          entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ""
        }</url>`,
    )
    .join("\n");
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=3600",
      },
    },
  );
}
