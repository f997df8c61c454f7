// The render cache in front of Express: a hit costs no middleware (it carries
// the headers the app rendered, security headers included, and an id of its
// own; the cache's metrics count it, the request log does not). A miss, every
// other request, and every request while the server drains (Connection: close,
// the drain's count) pass admission control (a busy 503 costs no middleware
// either), then go through Express.
import type http from "node:http";
import type { Drain } from "../http/lifecycle";

export function inFrontOf(
  app: http.RequestListener,
  cache: { handler(app: http.RequestListener): http.RequestListener },
  drain: Pick<Drain, "isDraining" | "remember">,
  gate: (app: http.RequestListener) => http.RequestListener = (listener) => listener,
): http.RequestListener {
  const admitted = gate(app);
  const cached = cache.handler(admitted);
  return (req, res) => {
    if (drain.isDraining()) return admitted(req, res);
    // Its connection's next request is still served during a drain, as one Express saw.
    drain.remember(req);
    // A hit gets its request id as it is sent (render-cache/capture.ts); a miss from Express.
    cached(req, res);
  };
}
