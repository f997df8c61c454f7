// Registers app/route-declarations.ts with the route tree of app/routes.ts, as
// server.ts does with the server build's, for tests of the code in front of
// React Router (render cache, body policy, metrics groups).
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { declareRoutes, type RouteNode } from "~/.server/http/route-policy";
import { ROUTE_DECLARATIONS, routeId } from "~/route-declarations";
import routes from "~/routes";

export const routeTree = (entries: RouteConfigEntry[] = routes): RouteNode[] =>
  entries.map((entry) => ({ ...entry, id: routeId(entry), children: routeTree(entry.children ?? []) }));

export function declareAppRoutes(): void {
  declareRoutes(routeTree(), ROUTE_DECLARATIONS);
}
