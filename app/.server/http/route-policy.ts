// What each route may be asked for, as the app declares it (app/route-declarations.ts): the body
// policy, the render cache and the metrics ask here which route a path reaches, as React Router matches it.
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export interface RoutePolicy {
  /** Who may use the route, in the app's own levels; "public" is anyone's. */
  access: string;
  /** The render cache may keep the route's anonymous answers, keyed by the path and these query parameters. */
  cache?: readonly string[];
  /** "upload": the route reads its multipart body as it streams, with its own caps; otherwise a form of at most 1 MB. */
  body?: "upload";
  /** A long-lived answer (server-sent events): no admission slot, its own metrics group. */
  stream?: true;
}

export interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

/** The route tree of a server build (its routes are a flat map with parent ids). */
export function routeTreeOf(routes: ServerBuild["routes"], parentId?: string): RouteNode[] {
  return Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => ({
      id: route!.id,
      path: route!.path,
      index: route!.index,
      caseSensitive: route!.caseSensitive,
      children: route!.index ? undefined : routeTreeOf(routes, route!.id),
    }));
}

/** A single-fetch data request (`/x.data` for `/x`, `/_.data` for a path ending in "/"). */
export function isDataRequest(request: Request | string): boolean {
  return (typeof request === "string" ? request : new URL(request.url).pathname).endsWith(".data");
}

/** The page a path names: a data request's path without its marker. */
export function pagePath(path: string): string {
  if (!isDataRequest(path)) return path;
  return path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.slice(0, -".data".length);
}

// Matching walks the whole tree: the answer for each path is kept (a bounded number of them).
const MEMO_LIMIT = 5_000;

function createTable(tree: RouteNode[], declarations: Readonly<Record<string, RoutePolicy>>) {
  const memo = new Map<string, RoutePolicy | undefined>();
  return (path: string): RoutePolicy | undefined => {
    if (memo.has(path)) return memo.get(path);
    const matches = matchRoutes(tree as RouteObject[], pagePath(path));
    const leaf = matches?.[matches.length - 1]?.route.id;
    const policy = leaf === undefined ? undefined : declarations[leaf];
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(path, policy);
    return policy;
  };
}

let table: (path: string) => RoutePolicy | undefined = () => undefined;

/** Registers the declarations; a route of the tree without one is refused here, at start. */
export function declareRoutes(tree: RouteNode[], declarations: Readonly<Record<string, RoutePolicy>>): void {
  const ids = (nodes: RouteNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children ?? [])]);
  const undeclared = ids(tree).filter((id) => id !== "root" && !(id in declarations));
  if (undeclared.length > 0) throw new Error(`Routes without a declaration: ${undeclared.join(", ")}`);
  table = createTable(tree, declarations);
}

/** The declaration of the route a request path reaches (its `.data` URL included), if any. */
export const routePolicy = (path: string): RoutePolicy | undefined => table(path);
