// Decides whether ./build matches the sources, so `npm start` and `npm test`
// build only when something changed (and CI builds once for every stage).
import { spawnSync } from "node:child_process";
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

export function build() {
  const fingerprint = sourceFingerprint();
  const result = spawnSync("npx", ["react-router", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(STAMP, fingerprint);
}

export function ensureBuild() {
  if (isBuildFresh()) return;
  console.log("Building the app (sources changed since the last build)…");
  build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--if-needed")) ensureBuild();
  else build();
}
