// React Router behind Express's standard adapter, with two things it does not do: the Request's URL on the
// app's own origin (never a client's Host), and a route's header replacing the app-wide one.
import { createRequestHandler } from "@react-router/express";
import type express from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { inRequestScope } from "../db/history-scope";
import { appOrigin, env } from "../env";

/** The origin requests are taken to be made to. */
export function requestOrigin(req: express.Request): string {
  const { PUBLIC_URL } = env();
  if (PUBLIC_URL || !req.app.enabled("trust proxy")) return appOrigin();
  // A trusted proxy's X-Forwarded-Proto / X-Forwarded-Host (Express reads them only from trusted addresses).
  try {
    const forwarded = new URL(`${req.protocol}://${req.host}`);
    return forwarded.pathname === "/" && !forwarded.username ? forwarded.origin : appOrigin();
  } catch {
    return appOrigin();
  }
}

function onOwnOrigin(req: express.Request): void {
  req.headers.host = new URL(requestOrigin(req)).host;
  delete req.headers["x-forwarded-host"];
}

function routeHeadersReplaceAppHeaders(res: express.Response): void {
  const append = res.append.bind(res);
  const seen = new Set<string>();
  res.append = (name: string, value?: string | string[]) => {
    const key = name.toLowerCase();
    if (key !== "set-cookie" && !seen.has(key)) res.removeHeader(key);
    seen.add(key);
    return append(name, value);
  };
}

export function reactRouterHandler(options: {
  /** The build itself in production; a function under Vite, whose modules change. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
}): express.RequestHandler {
  const handle = createRequestHandler(options);
  return (req, res, next) => {
    // An absolute-form target (`GET http://other/ HTTP/1.1`) or `*` names no path of ours.
    if (!req.originalUrl.startsWith("/")) {
      res.status(400).type("text/plain").send("Bad request.");
      return;
    }
    onOwnOrigin(req);
    routeHeadersReplaceAppHeaders(res);
    // The history of what this request changes names its account (db/history-scope.ts).
    return inRequestScope(() => handle(req, res, next));
  };
}
