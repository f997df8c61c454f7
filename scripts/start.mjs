// `npm start`: build if the sources changed, then serve (migrations run on start).
import { ensureBuild } from "./build-state.mjs";

process.env.NODE_ENV ??= "production";
ensureBuild();
const { main } = await import("../build/server/index.js");
await main();
