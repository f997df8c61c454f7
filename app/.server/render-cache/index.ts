// The server's render cache: the content-version watch and the cache in front of the app.
import type { Database } from "../db";
import type { Env } from "../env";
import type { ServedListener } from "../http/served-as";
import type { ChangeFeed } from "../live/changes";
import { logger } from "../logger";
import { reportRenderCacheStats } from "../metrics";
import { watchContentVersion } from "./content-version";
import { createRenderCache, type RenderCache, type RenderCacheStats } from "./render-cache";

const MB = 1024 * 1024;

export type ServerRenderCache = Pick<RenderCache, "handler" | "answerFromMemory"> & {
  /** Counters for metrics; null when the cache is off. */
  stats(): RenderCacheStats | null;
  stop(): Promise<void>;
};

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
  reportRenderCacheStats(cache.stats);
  return {
    ...cache,
    async stop() {
      logger().info({ renderCache: cache.stats() }, "render cache");
      reportRenderCacheStats(undefined);
      await versions.stop();
    },
  };
}
