// The one way a loader or action says "not found": `throw notFound(request)`
// (or `invariantResponse(value, request)`, Epic's one-liner). The path is
// logged (warn, with the referrer) so broken links can be found, and the answer
// is a 404 the error boundary shows in the spec's words ('Oops! Page not
// found'). A public page with a not-found text of its own ('Project not found')
// renders it, with the status and the log line from `found`.
import { data } from "react-router";
import { isUuid } from "~/lib/uuid";
import { requestedPath } from "../auth/access";
import { logger } from "../logger";

function logMissing(request: Request): void {
  logger().warn(
    { path: requestedPath(request), referer: request.headers.get("referer") ?? undefined },
    "page not found",
  );
}

/** The 404 answer, logged: throw it (or return it from a catch-all route). */
export function notFound(request: Request) {
  logMissing(request);
  return data({ notFound: true as const }, { status: 404 });
}

/** Throws notFound(request) unless `value` is truthy. */
export function invariantResponse(value: unknown, request: Request): asserts value {
  if (!value) throw notFound(request);
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
