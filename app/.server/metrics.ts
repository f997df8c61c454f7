// The Prometheus registry (GET /metrics): every metric in one list; a module that keeps its own counts
// reports a source read on each scrape.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { RenderCacheStats } from "./render-cache/render-cache";

const registry = new Registry();

// Each read on every scrape; undefined while its owner is not running.
const sources: {
  pool?: () => { total: number; idle: number; waiting: number };
  renderCache?: () => RenderCacheStats;
  liveStreams?: () => number;
} = {};
export const reportPoolStats = (source: typeof sources.pool) => void (sources.pool = source);
export const reportRenderCacheStats = (source: typeof sources.renderCache) => void (sources.renderCache = source);
export const reportLiveStreams = (source: typeof sources.liveStreams) => void (sources.liveStreams = source);

// Process memory (RSS, heap), CPU, event-loop lag, open handles.
collectDefaultMetrics({ register: registry, prefix: "playfolio_" });

export const metrics = {
  registry,
  requests: new Counter({
    name: "playfolio_http_requests_total",
    help: "Answered HTTP requests by route group, method and status",
    labelNames: ["group", "method", "status"] as const,
    registers: [registry],
  }),
  requestDuration: new Histogram({
    name: "playfolio_http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its response, by route group",
    labelNames: ["group"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10],
    registers: [registry],
  }),
  inFlight: new Gauge({
    name: "playfolio_http_requests_in_flight",
    help: "Requests admitted and not yet answered, by admission pool (public or staff)",
    labelNames: ["pool"] as const,
    registers: [registry],
  }),
  admissionRejected: new Counter({
    name: "playfolio_http_admission_rejected_total",
    help: "Requests answered 503 at once because their pool was full",
    labelNames: ["pool"] as const,
    registers: [registry],
  }),
  dbQueryDuration: new Histogram({
    name: "playfolio_db_query_duration_seconds",
    help: "Time of database queries made outside a transaction, by outcome",
    labelNames: ["outcome"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  dbPool: new Gauge({
    name: "playfolio_db_pool_connections",
    help: "PostgreSQL pool connections: total, idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      for (const state of ["total", "idle", "waiting"] as const) this.set({ state }, stats[state]);
    },
  }),
  dbUnavailable: new Gauge({
    name: "playfolio_db_unavailable",
    help: "1 while the database is unreachable or timing out, else 0",
    registers: [registry],
  }),
  renderCacheRequests: new Counter({
    name: "playfolio_render_cache_requests_total",
    help: "Public page requests by render cache result: hit, miss, stale (last good render during an outage), bypassed (personal)",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      const counts = sources.renderCache?.();
      if (!counts) return;
      // The cache keeps the totals; the scrape copies them.
      this.reset();
      for (const result of ["hits", "misses", "stale", "bypassed"] as const) {
        this.inc({ result: result === "hits" ? "hit" : result === "misses" ? "miss" : result }, counts[result]);
      }
    },
  }),
  renderCacheBytes: new Gauge({
    name: "playfolio_render_cache_bytes",
    help: "Memory held by render cache entries (all encodings and headers)",
    registers: [registry],
    collect() {
      const counts = sources.renderCache?.();
      if (counts) this.set(counts.bytes);
    },
  }),
  liveStreams: new Gauge({
    name: "playfolio_live_streams",
    help: "Staff live-update streams (/admin/events) open on this process",
    registers: [registry],
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  }),
};
