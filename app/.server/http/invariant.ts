// Every 404 of a route comes from here, logged with its referrer so broken links can be found (by path
// only: a query string can carry a search or a token, which the log must not keep).
import { data } from "react-router";
import { isUuid } from "~/lib/uuid";
import { logger } from "../logger";
import { pagePath } from "./route-policy";

/** An address without its query string and fragment (undefined if it is not one). */
function withoutQuery(address: string | null): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return url.origin + url.pathname;
  } catch {
    return undefined;
  }
}

function logMissing(request: Request): void {
  logger().warn(
    { path: pagePath(new URL(request.url).pathname), referer: withoutQuery(request.headers.get("referer")) },
    "page not found",
  );
}

const NOT_FOUND = { notFound: true as const };

/** The 404 answer, logged: throw it (or return it). `body` is what the page's own not-found view reads. */
export function notFound<Body = typeof NOT_FOUND>(request: Request, body: Body = NOT_FOUND as Body) {
  logMissing(request);
  return data(body, { status: 404 });
}

/** Throws notFound(request, body) unless `value` is truthy. */
export function invariantResponse(value: unknown, request: Request, body?: unknown): asserts value {
  if (!value) throw notFound(request, body ?? NOT_FOUND);
}

/** A resource route's 404 (a download, oEmbed): its words as plain text, never stored, logged. */
export function notFoundText(request: Request, text: string, headers: Record<string, string> = {}): Response {
  logMissing(request);
  return new Response(text, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", ...headers },
  });
}

/** For a page that renders its own not-found text: the response init that makes it a real 404, logged. */
export function found(value: unknown, request: Request): ResponseInit | undefined {
  if (value) return undefined;
  logMissing(request);
  return { status: 404 };
}

/** A route param that must be a UUID: anything else names nothing (a 404 before any SQL). */
export function uuidParam(value: string | undefined, request: Request): string {
  invariantResponse(isUuid(value), request);
  return value!;
}
