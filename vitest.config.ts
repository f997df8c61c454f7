import { defineConfig } from "vitest/config";

// The database-backed suite runs on PGlite, and again on PostgreSQL when
// TEST_DATABASE_URL is set (CI starts one).
const databases = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/each-file.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/*.test.ts", "tests/unit/**/*.test.ts"],
        env: { TEST_DATABASE_KIND: database, NODE_ENV: "test" },
      },
    })),
  },
});
