// Response headers every page gets unless its route says otherwise.
import type { MiddlewareFunction } from "react-router";

/**
 * Pages are not frameable unless their route sets its own
 * Content-Security-Policy (the embed pages allow FRAME_ANCESTORS).
 */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (!response.headers.has("Content-Security-Policy")) {
    response.headers.set(
      "Content-Security-Policy",
      "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
    );
    response.headers.set("X-Frame-Options", "DENY");
  }
  return response;
};
