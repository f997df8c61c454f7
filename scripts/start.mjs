// `npm start`: build if the sources changed, then serve (migrations run on start).
// This process is the server itself: package.json runs it with `exec`, so npm's
// child is node (no shell in between to swallow SIGTERM), and main() handles
// SIGTERM/SIGINT from its first line (as pid 1 in a container nothing else would).
import { ensureBuild } from "./build-state.mjs";

process.env.NODE_ENV ??= "production";
await ensureBuild();
const { main } = await import("../build/server/index.js");
await main();
