// Requests grouped by what they are, for metrics and logs (a bounded label set).
export type RouteGroup = "health" | "metrics" | "static" | "media" | "admin" | "auth" | "api" | "internal" | "public";

export function routeGroup(path: string): RouteGroup {
  if (path === "/healthz") return "health";
  if (path === "/metrics") return "metrics";
  if (path.startsWith("/assets/")) return "static";
  if (path.startsWith("/media/")) return "media";
  if (path === "/admin" || path.startsWith("/admin/")) return "admin";
  if (path === "/auth" || path.startsWith("/auth/") || path === "/pending") return "auth";
  if (path.startsWith("/api/")) return "api";
  if (path.startsWith("/internal/")) return "internal";
  return "public";
}
