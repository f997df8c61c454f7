// Response headers every page gets: its database round trips, its
// Content-Security-Policy (the nonce of its scripts and who may frame it), and
// no shared caching of anything that depends on who is signed in.
import type { MiddlewareFunction } from "react-router";
import { sessionConsulted } from "~/.server/auth/access";
import { queryCount } from "~/.server/db/query-count";
import {
  contentSecurityPolicy,
  isPublic,
  isSharedPage,
  sharedPagePolicy,
} from "~/.server/http/content-security-policy";
import { keepPrivate } from "~/.server/http/cache-control";
import { cspNonceContext, frameAncestorsContext } from "~/.server/http/request-context";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/.server/db/unavailable";

export const responseHeadersMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let response = await next();
  const queries = queryCount();
  if (queries !== undefined) response.headers.append("Server-Timing", `db;desc="${queries} queries"`);
  // A thrown 503 (the database cannot answer, see http/route-errors.ts) does not carry its own headers here.
  if (response.status === 503 && !response.headers.has("Retry-After")) {
    response.headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  }
  // A resource route may send a policy of its own (a download is sandboxed).
  if (!response.headers.has("Content-Security-Policy")) {
    const frameAncestors = context.get(frameAncestorsContext);
    const nonce = context.get(cspNonceContext);
    if (isSharedPage(response)) {
      // A shared cache may serve it to many visitors: its scripts go by hash, not by this nonce.
      const page = sharedPagePolicy(await response.text(), nonce, frameAncestors);
      response = new Response(page.html, { status: response.status, headers: response.headers });
      response.headers.delete("Content-Length");
      response.headers.set("Content-Security-Policy", page.policy);
    } else if (isPublic(response)) {
      // Shared too, but not a page (the sitemap, robots.txt): no script of it may run, and no nonce is sent.
      response.headers.set(
        "Content-Security-Policy",
        contentSecurityPolicy({ scripts: { hashes: [] }, frameAncestors }),
      );
    } else {
      response.headers.set("Content-Security-Policy", contentSecurityPolicy({ scripts: { nonce }, frameAncestors }));
    }
    if (frameAncestors === "'none'") response.headers.set("X-Frame-Options", "DENY");
  }
  // The answer depends on who asked (the session was looked up): never for a shared cache.
  if (sessionConsulted(request)) keepPrivate(response);
  return response;
};
