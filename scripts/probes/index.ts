// `npm run probes`: what production does to a server under load or a crash,
// done to the built one on this machine, one line each, with the figures
// (`--only NAME` for one). Exits 1 if any probe fails. Signals, the data-dir
// lock and a database outage are browser-suite specs (server-signals,
// server-lifecycle, database-outage), which CI runs; the database-outage probe
// measures how long pages wait during one (a real PostgreSQL frozen by SIGSTOP).
import { ensureBuild } from "../build-state.mjs";
import { probeDatabaseOutage } from "./database-outage";
import { probeKill9Writes } from "./kill9-writes";
import type { Probe } from "./lib/probe";
import { probeLoad } from "./load";

const PROBES: Probe[] = [
  { name: "database-outage", run: probeDatabaseOutage },
  { name: "kill9-writes", run: probeKill9Writes },
  { name: "load", run: () => probeLoad() },
];

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const selected = PROBES.filter((probe) => !only || probe.name === only);
if (selected.length === 0) {
  console.error(`No such probe: ${only}. Probes: ${PROBES.map((p) => p.name).join(", ")}`);
  process.exit(1);
}

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
  const verdict = outcome.skipped ? "SKIP" : outcome.ok ? "PASS" : "FAIL";
  const took = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${verdict} ${probe.name} (${took} s): ${outcome.line}`);
}
process.exit(failed ? 1 : 0);
