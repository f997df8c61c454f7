// `npm run dev`: the same Express server, with Vite serving and hot-reloading the app.
import { createServer } from "vite";

process.env.NODE_ENV = "development";
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { main } = await vite.ssrLoadModule("/server.ts");
await main({ vite });
