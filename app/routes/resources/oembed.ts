// GET /oembed?url=…&format=json (https://oembed.com, section 2.2): a listed
// project's or published gallery's page as a `rich` embed. JSON only: any
// other format is 501, as the spec asks; an unknown, private or foreign URL
// is 404; a request without a url is 400. Public, and readable from any
// site's script (editors fetch it from the browser).
import { notFoundText } from "~/.server/http/invariant";
import { publicOrigin } from "~/.server/http/origin";
import { dimension } from "~/domain/embeds/oembed";
import { findOembed } from "~/domain/embeds/oembed.server";
import type { Route } from "./+types/oembed";

const HEADERS = { "Access-Control-Allow-Origin": "*", "X-Content-Type-Options": "nosniff" };

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "json";
  if (format !== "json") return text(501, "Only format=json is implemented.");
  const url = params.get("url");
  if (!url || url.length > 2048) return text(400, "The url parameter is required.");
  const answer = await findOembed({
    url,
    origin: publicOrigin(request),
    maxwidth: dimension(params.get("maxwidth")),
    maxheight: dimension(params.get("maxheight")),
  });
  if (!answer)
    return notFoundText(request, "No embeddable page at this URL.", { ...HEADERS, "Cache-Control": "no-store" });
  return new Response(JSON.stringify(answer), {
    headers: {
      ...HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
