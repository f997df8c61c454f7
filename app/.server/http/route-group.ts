// Requests grouped for metrics and logs (a bounded label set): by path, else by the route's access
// (`public`, or `staff` for any sign-in); a stream is `live`, so its hours stay out of the pages' durations.
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
