// The render cache (decision 0019): anonymous GET/HEAD requests of public pages answered from
// memory before Express, never stale (the content stamp), never private, one render per page and stamp.
import type http from "node:http";
import { LRUCache } from "lru-cache";
import type { ServedListener } from "../http/served-as";
import { capture, send } from "./capture";
import type { ContentVersion } from "./content-version";
import { etagMatches } from "../http/cache-control";
import { buildEntry, encodingFor, notStorable, type Captured, type Entry } from "./entry";
import { isPersonal, normalizedUrl, requestOrigin } from "./public-pages";

export interface RenderCacheOptions {
  /** Memory for entries (both bodies and headers). */
  maxBytes: number;
  /** An entry older than this is rendered again even if nothing changed. */
  ttlMs?: number;
  versions: ContentVersion;
  /** True when pages build absolute links from the request's address (no PUBLIC_URL). */
  keyByOrigin: boolean;
  now?: () => number;
  /** Pages being compressed for storage at once (default 2); others are answered unstored. */
  maxConcurrentBuilds?: number;
  /** Paths Express answers before any route (health, files): never looked up. */
  bypass?: (path: string) => boolean;
  /** Told of each answer from memory of a tagged page: its route does not run to tell itself. */
  onServed?: ServedListener;
}

export interface RenderCacheStats {
  hits: number;
  misses: number;
  /** Last good renders served because the fresh one failed. */
  stale: number;
  /** Requests for public pages answered by the app because they were personal. */
  bypassed: number;
  stored: number;
  /** Storable pages answered unstored because enough were being compressed already. */
  unstored: number;
  evictions: number;
  entries: number;
  bytes: number;
}

type Kind = "hit" | "miss" | "stale";
type Outcome = { entry: Entry; kind: Kind; serverTiming?: string } | { captured: Captured } | null;

export const DEFAULT_TTL_MS = 60_000;

export function createRenderCache(options: RenderCacheOptions) {
  const { versions } = options;
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  let evictions = 0;
  // Least recently used first out, bounded by the pages' bytes.
  const store = new LRUCache<string, Entry>({
    maxSize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    dispose: (_entry, _key, reason) => void (reason === "evict" && evictions++),
  });
  // One page may take at most an eighth of the memory.
  const maxEntryBytes = Math.floor(options.maxBytes / 8);
  const inflight = new Map<string, Promise<Outcome>>();
  const counts = { hits: 0, misses: 0, stale: 0, bypassed: 0, stored: 0, unstored: 0 };
  const maxBuilds = options.maxConcurrentBuilds ?? 2;
  let building = 0;

  /** The page stored under `key` if it may be served now: rendered under this stamp, within the TTL. */
  function fresh(key: string, stamp: number): Entry | undefined {
    const entry = store.get(key);
    return entry && entry.stamp === stamp && now() - entry.storedAt < ttl ? entry : undefined;
  }

  /** For a page served without its route running (a hit, or a wait for another request's render). */
  function fromMemory(req: http.IncomingMessage, entry: Entry) {
    if (entry.servedAs !== undefined) options.onServed?.(req, entry.servedAs);
  }

  /** Answers from an entry, as the request's own headers ask (encoding, If-None-Match, HEAD). */
  function answer(
    res: http.ServerResponse,
    request: { method?: string; headers: http.IncomingHttpHeaders },
    entry: Entry,
    kind: Kind,
    serverTiming?: string,
  ) {
    const encoding = encodingFor(request.headers);
    const marked = (headers: http.OutgoingHttpHeaders) =>
      kind === "hit"
        ? headers
        : { ...headers, "x-render-cache": kind, ...(serverTiming ? { "server-timing": serverTiming } : {}) };
    if (etagMatches(request.headers["if-none-match"], Object.values(entry.tags))) {
      send(res, 304, marked(entry.notModified[encoding]), undefined);
    } else {
      const body = request.method === "HEAD" ? undefined : entry.bodies[encoding];
      send(res, entry.status, marked(entry.headers[encoding]), body);
    }
  }

  function hit(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry) {
    counts.hits++;
    fromMemory(req, entry);
    answer(res, req, entry, "hit");
  }

  async function settle(
    key: string,
    rendered: { stamp: number; version: number },
    captured: Captured | null,
  ): Promise<Outcome> {
    if (!captured) return null;
    if (notStorable(captured, maxEntryBytes) === null) {
      if (building >= maxBuilds) {
        counts.unstored++;
        return { captured };
      }
      building++;
      const entry = await buildEntry(captured, rendered, now())
        .catch(() => null)
        .finally(() => building--);
      if (entry) {
        store.set(key, entry);
        counts.stored++;
        const timing = captured.headers["server-timing"];
        return { entry, kind: "miss", serverTiming: timing === undefined ? undefined : String(timing) };
      }
    }
    if (captured.status >= 500) {
      const last = store.get(key);
      // Only a render of the newest content known: an older one may show what was unpublished since.
      if (last && last.version === versions.version) {
        counts.stale++;
        return { entry: last, kind: "stale" };
      }
      if (last) store.delete(key);
    } else {
      // The page is no longer what was stored (gone, moved): that render is not "the last good one".
      store.delete(key);
    }
    return { captured };
  }

  function render(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    app: http.RequestListener,
    key: string,
    url: string,
  ) {
    const stamp = versions.stamp;
    const entry = fresh(key, stamp);
    if (entry) return hit(req, res, entry);
    counts.misses++;
    // A HEAD is answered by the app: storing needs a body.
    if (req.method === "HEAD") return app(req, res);

    const flight = `${stamp} ${key}`;
    const rendering = inflight.get(flight);
    if (rendering) {
      void rendering.then((outcome) => {
        if (!outcome || !("entry" in outcome)) return app(req, res);
        fromMemory(req, outcome.entry);
        answer(res, req, outcome.entry, outcome.kind);
      });
      return;
    }

    // Stored is the whole identity-encoded page for this key; the client's own headers decide the answer.
    const client = { method: req.method, headers: { ...req.headers } };
    delete req.headers["accept-encoding"];
    delete req.headers["if-none-match"];
    delete req.headers["if-modified-since"];
    req.url = url;
    const rendered = { stamp, version: versions.version };
    const outcome = capture(res).then((captured) => settle(key, rendered, captured));
    inflight.set(flight, outcome);
    void outcome.then((result) => {
      inflight.delete(flight);
      if (!result) return;
      if ("entry" in result) answer(res, client, result.entry, result.kind, result.serverTiming);
      else send(res, result.captured.status, result.captured.headers, result.captured.body);
    });
    app(req, res);
  }

  const keyOf = (req: http.IncomingMessage, url: string) =>
    options.keyByOrigin ? `${requestOrigin(req.headers)} ${url}` : url;

  /** Answers from memory (a fresh entry, or a render under way) and says whether it did: one lookup per hit. */
  function answerFromMemory(req: http.IncomingMessage, res: http.ServerResponse, app: http.RequestListener): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = normalizedUrl(req.url ?? "/", options.bypass);
    if (url === null || isPersonal(req.headers) || versions.settling) return false;
    const key = keyOf(req, url);
    const stamp = versions.stamp;
    const entry = fresh(key, stamp);
    if (entry) {
      hit(req, res, entry);
      return true;
    }
    if (req.method !== "GET" || !inflight.has(`${stamp} ${key}`)) return false;
    render(req, res, app, key, url);
    return true;
  }

  function handler(app: http.RequestListener): http.RequestListener {
    return (req, res) => {
      const method = req.method;
      if (method !== "GET" && method !== "HEAD") {
        const path = (req.url ?? "/").split("?", 1)[0]!;
        if (versions.exact || options.bypass?.(path)) return app(req, res);
        // A write's answer waits until every instance has heard of the new content version (decision 0102).
        void capture(res).then(async (captured) => {
          if (!captured) return;
          await versions.recheck();
          send(res, captured.status, captured.headers, captured.body);
        });
        return app(req, res);
      }
      const url = normalizedUrl(req.url ?? "/", options.bypass);
      if (url === null) return app(req, res);
      if (isPersonal(req.headers)) {
        counts.bypassed++;
        return app(req, res);
      }
      const key = keyOf(req, url);
      const settling = versions.settling;
      if (settling) void settling.then(() => render(req, res, app, key, url));
      else render(req, res, app, key, url);
    };
  }

  function stats(): RenderCacheStats {
    return { ...counts, evictions, entries: store.size, bytes: store.calculatedSize };
  }

  return { handler, answerFromMemory, stats };
}

export type RenderCache = ReturnType<typeof createRenderCache>;
