// The render cache in front of Express: a hit costs no middleware (it carries
// the headers the app rendered, security headers included, and an id of its
// own; the cache's metrics count it, the request log does not). A request the
// cache cannot answer from memory (a miss, a personal page, a form post), and
// every request while the server drains (Connection: close, the drain's count),
// passes admission control first — before the cache holds back its answer to
// store it, so a busy 503 is never taken for a failed render — then the cache,
// then Express.
import type http from "node:http";
import type { Drain } from "../http/lifecycle";

export function inFrontOf(
  app: http.RequestListener,
  cache: {
    handler(app: http.RequestListener): http.RequestListener;
    answerFromMemory(req: http.IncomingMessage, res: http.ServerResponse, app: http.RequestListener): boolean;
  },
  drain: Pick<Drain, "isDraining">,
  gate: (app: http.RequestListener) => http.RequestListener = (listener) => listener,
): http.RequestListener {
  const cached = cache.handler(app);
  const admitted = gate(cached);
  const admittedPastCache = gate(app);
  return (req, res) => {
    // While draining, through Express, which marks each answer `Connection: close`.
    if (drain.isDraining()) return admittedPastCache(req, res);
    // A hit gets its request id as it is sent (render-cache/capture.ts); a miss from Express.
    if (!cache.answerFromMemory(req, res, app)) admitted(req, res);
  };
}
