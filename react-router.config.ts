import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // All v8 behaviour on now, so the move to v8 is a version bump.
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
