// `npm run probes`: what production does to a server under load or a crash,
// done to the built one on this machine, one line each, with the figures
// (`--only NAME` for one, `--help` for the list). Exits 1 if any probe fails.
// Signals, the data-dir lock, a database outage and clients that leave are
// browser-suite specs (server-signals, server-lifecycle, database-outage,
// several-instances), which CI runs.
import { ensureBuild } from "../build-state.mjs";
import { chosenParts } from "../lib/parts";
import { probeKill9Writes } from "./kill9-writes";
import type { Probe } from "./lib/probe";
import { probeLoad } from "./load";

const PROBES: Array<Probe & { about: string }> = [
  {
    name: "kill9-writes",
    about: "kill -9 during writes, three rounds: no acknowledged write lost",
    run: probeKill9Writes,
  },
  { name: "load", about: "200 connections through Caddy for 30 s, twice (about 2 minutes)", run: probeLoad },
];

const only = chosenParts(
  "npm run probes [-- --only NAME]",
  Object.fromEntries(PROBES.map((probe) => [probe.name, probe.about])),
);
const selected = PROBES.filter((probe) => only.includes(probe.name));

await ensureBuild();
let failed = 0;
for (const probe of selected) {
  const started = performance.now();
  let outcome;
  try {
    outcome = await probe.run();
  } catch (error) {
    outcome = { ok: false, line: `crashed: ${(error as Error).message.split("\n")[0]}` };
  }
  if (!outcome.ok) failed++;
  const took = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${outcome.ok ? "PASS" : "FAIL"} ${probe.name} (${took} s): ${outcome.line}`);
}
process.exit(failed ? 1 : 0);
