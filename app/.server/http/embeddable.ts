// The embeddable public pages: framed by FRAME_ANCESTORS only, cacheable by a CDN, scripts by hash
// (one nonce must never reach many visitors), and an ETag for 304s.
import crypto from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { env } from "../env";
import { etagMatches, PUBLIC_PAGE_CACHE } from "./cache-control";
import { sharedPagePolicy } from "./content-security-policy";
import { cspNonceContext, frameAncestorsContext } from "./request-context";

export const embeddablePage: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // The page's Content-Security-Policy (root.server.ts) lets these frame it.
  context.set(frameAncestorsContext, env().FRAME_ANCESTORS);
  const response = await next();
  const cacheable =
    (request.method === "GET" || request.method === "HEAD") &&
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    response.headers.get("Content-Type")?.startsWith("text/html");
  if (!cacheable) {
    if (response.headers.has("Set-Cookie")) response.headers.set("Cache-Control", "private, no-store");
    return response;
  }
  // Served to many visitors (a CDN keeps it a minute): a nonce must not be, so its scripts go by hash.
  const { FRAME_ANCESTORS } = env();
  const page = sharedPagePolicy(await response.text(), context.get(cspNonceContext), FRAME_ANCESTORS);
  const body = page.html;
  const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  const headers = new Headers(response.headers);
  headers.set("ETag", etag);
  headers.set("Cache-Control", PUBLIC_PAGE_CACHE);
  headers.set("Content-Security-Policy", page.policy);
  headers.delete("Content-Length");
  if (etagMatches(request.headers.get("If-None-Match"), [etag])) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: response.status, headers });
};

/** A page never stored (made for this visitor, or private), keeping its nonce; `frameable` as the embeddable ones. */
export function privatePage(options: { frameable: boolean; noindex?: boolean }): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    if (options.frameable) context.set(frameAncestorsContext, env().FRAME_ANCESTORS);
    const response = await next();
    response.headers.set("Cache-Control", "private, no-store");
    if (options.noindex) response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  };
}

/** A form's page: framed like the page it came from, never stored (its stamp is per visitor). */
export const privateEmbeddablePage = privatePage({ frameable: true });
