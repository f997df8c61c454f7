// Unknown paths are logged (warn) so broken links can be found and fixed.
import { data } from "react-router";
import { requestedPath } from "./auth/access";
import { logger } from "./logger";

export function notFound(request: Request) {
  logger().warn(
    { path: requestedPath(request), referer: request.headers.get("referer") ?? undefined },
    "page not found",
  );
  return data({ notFound: true as const }, { status: 404 });
}
