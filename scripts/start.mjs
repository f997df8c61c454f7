// `npm start`: build if the sources changed, then serve. package.json runs it with `exec`, so no shell
// swallows SIGTERM; main() handles it from its first line (as pid 1 in a container nothing else would).
import { ensureBuild } from "./build-state.mjs";

process.env.NODE_ENV ??= "production";
await ensureBuild();
const { main } = await import("../build/server/index.js");
await main();
