// GET /robots.txt
import { publicOrigin } from "~/.server/http/origin";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /api/",
    "Disallow: /pending",
    "",
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
