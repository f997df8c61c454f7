// The server's render cache: the content-version watch and the cache in front of the app.
import type http from "node:http";
import type { Database } from "../db";
import type { Env } from "../env";
import type { ServedListener } from "../http/served-as";
import type { ChangeFeed } from "../live/changes";
import { logger } from "../logger";
import { reportRenderCacheStats } from "../metrics";
import { watchContentVersion } from "./content-version";
import { createRenderCache, type RenderCacheStats } from "./render-cache";

const MB = 1024 * 1024;

export interface ServerRenderCache {
  handler(app: http.RequestListener): http.RequestListener;
  /** Answers from memory, without the app, when it can; says whether it did. */
  answerFromMemory(req: http.IncomingMessage, res: http.ServerResponse, app: http.RequestListener): boolean;
  /** Counters for metrics; null when the cache is off. */
  stats(): RenderCacheStats | null;
  stop(): Promise<void>;
}

export async function startRenderCache(
  database: Database,
  config: Pick<Env, "RENDER_CACHE_MB" | "PUBLIC_URL">,
  options: { enabled: boolean; bypass?: (path: string) => boolean; feed?: ChangeFeed; onServed?: ServedListener },
): Promise<ServerRenderCache> {
  if (!options.enabled || config.RENDER_CACHE_MB === 0) {
    return { handler: (app) => app, answerFromMemory: () => false, stats: () => null, stop: async () => {} };
  }
  const versions = await watchContentVersion(database, { feed: options.feed });
  const cache = createRenderCache({
    maxBytes: config.RENDER_CACHE_MB * MB,
    versions,
    keyByOrigin: !config.PUBLIC_URL,
    bypass: options.bypass,
    onServed: options.onServed,
  });
  const started: ServerRenderCache = {
    handler: cache.handler,
    answerFromMemory: cache.answerFromMemory,
    stats: cache.stats,
    async stop() {
      logger().info({ renderCache: cache.stats() }, "render cache");
      reportRenderCacheStats(undefined);
      await versions.stop();
    },
  };
  reportRenderCacheStats(cache.stats);
  return started;
}
