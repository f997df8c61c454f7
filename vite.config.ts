import fs from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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

/**
 * `import { X } from "lucide-react"` (or "date-fns") names one module of thousands, but the bundler
 * still parses every module the package's index re-exports before it drops the unused ones: two
 * thirds of the client build's modules. Each named import goes straight to its own module instead.
 */
function directImports(): Plugin {
  const lucide = new Map<string, string>();
  const barrel = fs.readFileSync(path.resolve("node_modules/lucide-react/dist/esm/lucide-react.mjs"), "utf8");
  for (const [, names, file] of barrel.matchAll(/export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const name of names!.split(", ")) lucide.set(name.replace("default as ", ""), `lucide-react/icons/${file}`);
  }
  const moduleOf: Record<string, (name: string) => string | undefined> = {
    "lucide-react": (name) => lucide.get(name),
    "date-fns": (name) => `date-fns/${name}`,
  };
  return {
    name: "playfolio:direct-imports",
    enforce: "pre",
    transform(code, id) {
      if (!/\/app\/.*\.tsx?$/.test(id) || !/from "(lucide-react|date-fns)"/.test(code)) return null;
      return code.replace(
        /import \{([^}]+)\} from "(lucide-react|date-fns)";/g,
        (whole, list: string, from: string) => {
          const named = list
            .split(",")
            .map((part) => part.trim())
            .filter((part) => part && !part.startsWith("type "));
          const lines = named.map((part) => {
            const [imported, local = imported] = part.split(/\s+as\s+/) as [string, string?];
            const target = moduleOf[from]!(imported);
            if (!target) throw new Error(`${id}: no module of ${from} exports ${imported}`);
            return from === "date-fns"
              ? `import { ${imported} as ${local} } from "${target}";`
              : `import ${local} from "${target}";`;
          });
          return lines.length ? lines.join(" ") : whole;
        },
      );
    },
  };
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
  plugins: [directImports(), tailwindcss(), reactRouter()],
}));
