// A hit costs no middleware; anything else passes admission control before the cache holds its
// answer back, so a busy 503 is never taken for a failed render (decision 0019).
import type http from "node:http";
import type { Drain } from "../http/lifecycle";
import type { ServerRenderCache } from "./index";

export function inFrontOf(
  app: http.RequestListener,
  cache: Pick<ServerRenderCache, "handler" | "answerFromMemory">,
  drain: Pick<Drain, "isDraining">,
  gate: (app: http.RequestListener) => http.RequestListener = (listener) => listener,
): http.RequestListener {
  const cached = cache.handler(app);
  const admitted = gate(cached);
  const admittedPastCache = gate(app);
  return (req, res) => {
    // While draining, through Express, which marks each answer `Connection: close`.
    if (drain.isDraining()) return admittedPastCache(req, res);
    if (!cache.answerFromMemory(req, res, app)) admitted(req, res);
  };
}
