import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const REACT = ["react", "react-dom", "react-router"];

interface Manifest {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * React, every installed package that needs it, and what those depend on: bundled into the server
 * build with its production build pinned, so the environment of whatever runs the build cannot
 * load React's development build beside react-dom's production one (decision 0098). Their
 * dependencies go along because an external import resolves from the project's root, where a
 * package may be another version than the one it was installed for (react-router's `cookie`).
 */
function reactPackages(): string[] {
  const modules = path.resolve("node_modules");
  const manifests = new Map<string, Manifest>();
  for (const entry of fs.readdirSync(modules)) {
    const names = entry.startsWith("@")
      ? fs.readdirSync(path.join(modules, entry)).map((name) => `${entry}/${name}`)
      : [entry];
    for (const name of names) {
      const file = path.join(modules, name, "package.json");
      if (fs.existsSync(file)) manifests.set(name, JSON.parse(fs.readFileSync(file, "utf8")) as Manifest);
    }
  }
  const needsReact = ({ dependencies = {}, peerDependencies = {}, peerDependenciesMeta = {} }: Manifest) =>
    [
      ...Object.keys(dependencies),
      ...Object.keys(peerDependencies).filter((peer) => !peerDependenciesMeta[peer]?.optional),
    ].some((name) => REACT.includes(name));
  const bundled = new Set(
    [...manifests].filter(([name, manifest]) => REACT.includes(name) || needsReact(manifest)).map(([name]) => name),
  );
  // A Set's loop visits what is added during it: the whole closure.
  for (const name of bundled)
    for (const dependency of Object.keys(manifests.get(name)?.dependencies ?? {})) bundled.add(dependency);
  return [...bundled];
}

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      // The server bundle's entry is our Express app, so every server module
      // (database, auth, storage) exists once in production.
      build: { rollupOptions: { input: "./server.ts" } },
      // `npm run dev` keeps React external, in the development build it sets.
      ...(command === "build"
        ? {
            resolve: { noExternal: reactPackages() },
            define: { "process.env.NODE_ENV": JSON.stringify("production") },
          }
        : {}),
    },
  },
  plugins: [tailwindcss(), reactRouter()],
}));
