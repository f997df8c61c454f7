import { afterEach, expect, test } from "vitest";
import { metrics, reportLiveStreams, reportPoolStats, reportRenderCacheStats } from "./metrics";

afterEach(() => {
  reportPoolStats(undefined);
  reportRenderCacheStats(undefined);
  reportLiveStreams(undefined);
});

test("each scrape reads the sources reported, and nothing once they are withdrawn", async () => {
  reportPoolStats(() => ({ total: 4, idle: 3, waiting: 1 }));
  reportLiveStreams(() => 7);
  const counts = { hits: 5, misses: 2, stale: 1, bypassed: 3, stored: 2, unstored: 0, evictions: 0, entries: 2 };
  reportRenderCacheStats(() => ({ ...counts, bytes: 4096 }));
  const text = await metrics.registry.metrics();
  expect(text).toMatch(/playfolio_db_pool_connections\{state="waiting"\} 1/);
  expect(text).toMatch(/playfolio_live_streams 7/);
  expect(text).toMatch(/playfolio_render_cache_requests_total\{result="hit"\} 5/);
  expect(text).toMatch(/playfolio_render_cache_bytes 4096/);
  reportLiveStreams(undefined);
  expect(await metrics.registry.metrics()).toMatch(/playfolio_live_streams 0/);
});
