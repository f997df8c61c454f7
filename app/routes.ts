// The URL map: mirrors the spec's route table.
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("auth", "routes/auth/auth.tsx"),
  route("auth/sign-out", "routes/auth/sign-out.tsx"),
  route("auth/verify-email", "routes/auth/verify-email.tsx"),
  route("pending", "routes/auth/pending.tsx"),

  index("routes/public/home.tsx"),

  route("admin", "routes/admin/layout.tsx", [
    layout("routes/admin/error-boundary.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("settings", "routes/admin/settings/layout.tsx", [
        index("routes/admin/settings/index.tsx"),
        route("team", "routes/admin/settings/team.tsx"),
      ]),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
