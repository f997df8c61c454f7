// Whether ./build matches the sources: `npm start` and `npm test` build only when something changed.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** What the build reads: the sources, then its configuration and the packages' lock. */
const SOURCES = ["app", "public", "drizzle", "server.ts"];
const INPUTS = [...SOURCES, "vite.config.ts", "react-router.config.ts", "tsconfig.json", "package-lock.json"];
const STAMP = path.join(root, "build", ".source-fingerprint");

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) yield* files(path.join(entry, name));
}

export function sourceFingerprint() {
  const hash = crypto.createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(input)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest("hex");
}

export function isBuildFresh() {
  try {
    return (
      fs.existsSync(path.join(root, "build", "server", "index.js")) &&
      fs.readFileSync(STAMP, "utf8") === sourceFingerprint()
    );
  } catch {
    return false;
  }
}

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
    child.once("error", () => resolve(1));
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

/** Where scripts/db-template.ts keeps the template: it holds only the current one. */
const TEMPLATE_CACHE = path.join(root, "node_modules", ".cache", "playfolio");

/** The bundle and, on the other core, the database template (decision 0086), copied in once React Router is done. */
export async function build() {
  const fingerprint = sourceFingerprint();
  const codes = await Promise.all([
    run("npx", ["react-router", "build"], { NODE_ENV: "production" }),
    run("npx", ["tsx", "scripts/db-template.ts", TEMPLATE_CACHE], { LOG_LEVEL: "warn" }),
  ]);
  const templates =
    codes.every((code) => code === 0) && fs.existsSync(TEMPLATE_CACHE)
      ? fs.readdirSync(TEMPLATE_CACHE).filter((name) => name.startsWith("db-template-"))
      : [];
  if (templates.length !== 1) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
  fs.copyFileSync(path.join(TEMPLATE_CACHE, templates[0]), path.join(root, "build", templates[0]));
  fs.writeFileSync(STAMP, fingerprint);
}

export async function ensureBuild() {
  if (isBuildFresh()) return;
  console.log("Building the app (sources changed since the last build)…");
  await build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--if-needed")) await ensureBuild();
  else await build();
}
