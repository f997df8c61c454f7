import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/tables/index.ts",
  out: "./drizzle",
});
