import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server bundle's entry is our Express app, so every server module
  // (database, auth, storage) exists once in production.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
