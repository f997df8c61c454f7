// The server's entry (decision 0001): `npm start` runs the build's main(), `npm run dev` through Vite.
import { once } from "node:events";
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { auth } from "~/.server/auth";
import { isStaffSession } from "~/.server/auth/access";
import { clientAddress, type ProxyTrust } from "~/.server/auth/network";
import { backupRequestHandler } from "~/.server/backup/http";
import { acquireDataDirLock, type DataDirLock } from "~/.server/data-dir-lock";
import { currentDatabase, setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { migrateDatabase } from "~/.server/db/migrate";
import { buildDatabaseTemplate } from "~/.server/db/template";
import { withQueryCount } from "~/.server/db/query-count";
import { configurationWarnings, EnvError, env, setListeningPort } from "~/.server/env";
import { admissionGate } from "~/.server/http/admission";
import { healthHandler } from "~/.server/http/health";
import { createDrain, createHttpServer, type Drain, drainServer, exitGracefully } from "~/.server/http/lifecycle";
import { mediaHandler } from "~/.server/http/media";
import { metricsHandler } from "~/.server/http/metrics-endpoint";
import { refuseUnservedMethods } from "~/.server/http/methods";
import { checkOrigin } from "~/.server/http/origin-check";
import { newNonce } from "~/.server/http/content-security-policy";
import { reactRouterHandler } from "~/.server/http/react-router";
import { formBodyPolicy } from "~/.server/http/body-policy";
import { declareRoutes, routeTreeOf } from "~/.server/http/route-policy";
import { securityHeaders } from "~/.server/http/security-headers";
import { clientIpContext, cspNonceContext, requestIdContext, servedAsContext } from "~/.server/http/request-context";
import { markServedAs, type ServedListener } from "~/.server/http/served-as";
import { trackRequest } from "~/.server/http/request-tracking";
import { type RouteGroup, routeGroup } from "~/.server/http/route-group";
import { guardRouteErrors } from "~/.server/http/route-errors";
import { expressErrorHandler } from "~/.server/http/express-errors";
import { setLiveStreams } from "~/.server/live";
import { type ChangeFeed, listenForChanges } from "~/.server/live/changes";
import { type LiveStreams, startLiveStreams } from "~/.server/live/streams";
import { logger } from "~/.server/logger";
import { reportLiveStreams } from "~/.server/metrics";
import { startRenderCache, type ServerRenderCache } from "~/.server/render-cache";
import { inFrontOf } from "~/.server/render-cache/in-front";
import { ROUTE_DECLARATIONS } from "~/route-declarations";
import { productSettings } from "~/domain/settings.server";
import { startJobs } from "~/domain/jobs/jobs.server";
import type { ViewCounter } from "~/domain/views/counter.server";
import { startViewCounting } from "~/domain/views/serving.server";

function clientDir(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");
}

/** The files at the root of the client build (favicon.svg), as paths: read once, a build does not change. */
function rootFilePaths(): Set<string> {
  return new Set(
    fs
      .readdirSync(clientDir(), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
}

/** Paths that render nothing, so admission control lets them through (a live stream's own limits bound it). */
function rendersNothing(rootFiles: Set<string>): (path: string) => boolean {
  const groups = new Set<RouteGroup>(["health", "metrics", "static", "media", "internal", "live"]);
  return (path) => groups.has(routeGroup(path)) || rootFiles.has(path);
}

function createApp(
  build: ServerBuild | (() => Promise<ServerBuild>),
  drain: Drain,
  rootFiles: Set<string>,
  vite?: ViteDevServer,
  onServed?: ServedListener,
) {
  const config = env();
  const app = express();
  // Vite's module requests (dev only) are neither counted nor logged.
  if (vite) app.use(vite.middlewares);
  app.use(trackRequest, drain.track, refuseUnservedMethods);
  app.disable("x-powered-by");
  // X-Forwarded-* count only from the proxies TRUST_PROXY names (none by default).
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(compression());
  app.use(securityHeaders());

  app.get(
    "/healthz",
    healthHandler(() => currentDatabase().ping(), undefined, drain.isStopping),
  );
  app.get("/metrics", metricsHandler(config.METRICS_TOKEN));
  // `npm run backup` asks the running server for a snapshot (loopback and a secret token only).
  app.post("/internal/backup", backupRequestHandler());
  if (!vite) {
    const client = clientDir();
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    // Asked for every request, a missing file costs a stat and an error object: pages skip it.
    const serveRootFile = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (rootFiles.has(req.path) ? serveRootFile(req, res, next) : next()));
  }

  // Uploaded files, as cheap as static files (a page asks for dozens at once).
  app.use("/media", mediaHandler());

  app.use(checkOrigin, formBodyPolicy);
  // Each request counts its own database round trips (see root.server.ts).
  app.use((_req, _res, next) => withQueryCount(next));
  app.use(
    reactRouterHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servedAsContext, (tag) => {
          markServedAs(res, tag);
          onServed?.(req, tag);
        });
        context.set(clientIpContext, clientAddress(req, req.app.get("trust proxy fn") as ProxyTrust));
        context.set(cspNonceContext, newNonce());
        context.set(requestIdContext, req.id);
        return context;
      },
    }),
  );

  app.use(expressErrorHandler);
  return app;
}

export interface Started {
  server: http.Server;
  stop(): Promise<void>;
}

export async function main(options: { vite?: ViteDevServer } = {}): Promise<Started> {
  let config;
  try {
    config = env();
    productSettings();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = logger();
  // Signals are handled from the very start (as pid 1 in a container nothing else would).
  const running: { stop?: () => Promise<void> } = {};
  // The drain cuts requests off after SHUTDOWN_TIMEOUT_MS; closing the database may take a moment more.
  exitGracefully(
    () => running.stop?.() ?? Promise.resolve(),
    config.DRAIN_NOTICE_MS + config.SHUTDOWN_TIMEOUT_MS + 5000,
  );

  let lock: DataDirLock | undefined;
  let renderCache: ServerRenderCache;
  let changes: ChangeFeed;
  let live: LiveStreams;
  let views: ViewCounter | undefined;
  const rootFiles = options.vite ? new Set<string>() : rootFilePaths();
  // The routes load while the database opens in its own thread (decision 0071).
  const loadingBuild = options.vite ? undefined : (import("virtual:react-router/server-build") as Promise<ServerBuild>);
  loadingBuild?.catch(() => {}); // awaited below; a failure surfaces there
  try {
    if (!config.DATABASE_URL) lock = acquireDataDirLock(config.DATA_DIR, "server");
    const opening = performance.now();
    const database = await openDatabase(
      config.DATABASE_URL
        ? {
            kind: "postgres",
            url: config.DATABASE_URL,
            timeouts: {
              connectMs: config.DB_CONNECT_TIMEOUT_MS,
              statementMs: config.DB_STATEMENT_TIMEOUT_MS,
              breakerMs: config.DB_BREAKER_TIMEOUT_MS,
            },
          }
        : { kind: "pglite", dataDir: path.join(config.DATA_DIR, "db"), template: buildDatabaseTemplate() },
    );
    const migrating = performance.now();
    await migrateDatabase(database);
    setDatabase(database);
    // What every commit publishes: the render cache's content version and the live streams.
    changes = await listenForChanges(database);
    // Public page views (decision 0063): the client's address as Express sees it, for the day's visitor hash.
    const trust = express().set("trust proxy", config.TRUST_PROXY).get("trust proxy fn");
    const direct = config.TRUST_PROXY === false;
    if (config.COUNT_VIEWS) {
      views = startViewCounting(database, (req) =>
        direct ? (req.socket.remoteAddress ?? "") : clientAddress(req, trust),
      );
    }
    // Public pages from memory, in front of Express (off under Vite: its modules change under it).
    renderCache = await startRenderCache(database, config, {
      enabled: !options.vite,
      bypass: rendersNothing(rootFiles),
      feed: changes,
      onServed: views?.record,
    });
    live = startLiveStreams(database, changes, {
      limits: { perPerson: config.LIVE_STREAMS_PER_PERSON, total: config.LIVE_MAX_STREAMS },
      isStaff: isStaffSession,
    });
    setLiveStreams(live);
    reportLiveStreams(() => live.size);
    log.debug(
      { openMs: Math.round(migrating - opening), migrateMs: Math.round(performance.now() - migrating) },
      `${database.kind} database ready`,
    );
  } catch (error) {
    lock?.release();
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  // In production the build is handed over as it is: given a function, React Router derives its routes per request.
  const build = options.vite
    ? () =>
        (options.vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>).then(
          guardRouteErrors,
        )
    : guardRouteErrors(await loadingBuild!);
  // Each route's declared access, cache key and body policy, for the code in front of React Router.
  declareRoutes(routeTreeOf((typeof build === "function" ? await build() : build).routes), ROUTE_DECLARATIONS);
  const drain = createDrain();
  const app = createApp(build, drain, rootFiles, options.vite, views?.record);

  // A bounded number of requests admitted (decision 0013); not under Vite, whose pages ask for a hundred modules.
  const gate = options.vite
    ? undefined
    : admissionGate({
        limits: { public: config.MAX_IN_FLIGHT, staff: config.STAFF_MAX_IN_FLIGHT },
        isStaff: isStaffSession,
        exempt: rendersNothing(rootFiles),
        isDraining: drain.isDraining,
      });
  const server = createHttpServer(inFrontOf(app, renderCache, drain, gate)).listen(config.PORT, config.HOST);
  await once(server, "listening").catch((error: NodeJS.ErrnoException) => {
    lock?.release();
    console.error(
      error.code === "EADDRINUSE"
        ? `Port ${config.PORT} is already in use: set PORT to another port.`
        : `Cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`,
    );
    process.exit(1);
  });
  const { port } = server.address() as AddressInfo;
  lock?.update({ port });
  setListeningPort(port);
  for (const warning of configurationWarnings()) log.warn(warning);
  log.info(`Playfolio is running at http://localhost:${port} (data in ${config.DATA_DIR})`);
  // Warm up what the first page and the first sign-in need, now that requests are being served.
  void (typeof build === "function" ? build() : Promise.resolve())
    .then(() => auth())
    .catch((error) => log.error({ err: error }, "warm-up failed"));
  const stopJobs = startJobs();

  let stopping: Promise<void> | undefined;
  const stopServer = () =>
    (stopping ??= (async () => {
      log.info(
        `shutting down: /healthz says so, accepting for ${config.DRAIN_NOTICE_MS} ms more, then finishing open requests`,
      );
      stopJobs();
      await drainServer(server, drain, {
        noticeMs: config.DRAIN_NOTICE_MS,
        timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
        // Live streams end as the socket closes: their browsers reconnect elsewhere and get what they missed.
        closing: () => live.drain(),
      });
      await live.stop();
      setLiveStreams(undefined);
      reportLiveStreams(undefined);
      await renderCache.stop();
      await views?.stop();
      await changes.stop();
      await currentDatabase().close();
      setDatabase(undefined);
      lock?.release();
      log.info("stopped");
    })());
  running.stop = stopServer;
  return { server, stop: stopServer };
}
