// Decides whether ./build matches the sources, so `npm start` and `npm test`
// build only when something changed (and CI builds once for every stage).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INPUTS = [
  "app",
  "public",
  "drizzle",
  "server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
  "package-lock.json",
];
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

function run(command, args, env = {}, { capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", capture ? "pipe" : "inherit", "inherit"],
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.once("error", () => resolve({ code: 1, output }));
    child.once("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * The bundle, and beside it (the other core) the migrated database template a new data
 * dir starts from instead of initdb (decision 0086), copied in once React Router, which
 * empties build/ first, is done.
 */
export async function build() {
  const fingerprint = sourceFingerprint();
  const [bundle, template] = await Promise.all([
    run("npx", ["react-router", "build"], { NODE_ENV: "production" }),
    run("npx", ["tsx", "scripts/db-template.ts"], { LOG_LEVEL: "warn" }, { capture: true }),
  ]);
  if (bundle.code !== 0 || template.code !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
  const cached = template.output.trim();
  fs.copyFileSync(cached, path.join(root, "build", path.basename(cached)));
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
