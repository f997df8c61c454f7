// Requests grouped by what they are, for metrics and logs (a bounded label set):
// what Express serves itself by path, and the app's routes by who may use them
// (app/route-declarations.ts): `public`, or `staff` for any route that needs a
// sign-in; a long-lived stream (`stream` in its declaration) is `live`, so its
// hours do not count among the pages' durations.
import { routePolicy } from "./route-policy";

export type RouteGroup = "health" | "metrics" | "static" | "media" | "internal" | "public" | "staff" | "live";

export function routeGroup(path: string): RouteGroup {
  if (path === "/healthz") return "health";
  if (path === "/metrics") return "metrics";
  if (path.startsWith("/assets/")) return "static";
  if (path.startsWith("/media/")) return "media";
  if (path.startsWith("/internal/")) return "internal";
  const policy = routePolicy(path);
  if (policy?.stream) return "live";
  return (policy?.access ?? "public") === "public" ? "public" : "staff";
}
