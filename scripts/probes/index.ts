// `npm run probes`: what production does to a server, done to the built one on
// this machine, one line each. `--quick` runs the few CI runs (signals, lock,
// database outage); `--only NAME` one of them. Exits 1 if any probe fails.
import { ensureBuild } from "../build-state.mjs";
import { probeDatabaseOutage } from "./database-outage";
import { probeHalfOpen } from "./half-open";
import { probeKill9Writes } from "./kill9-writes";
import type { Probe } from "./lib/probe";
import { probeLoad } from "./load";
import { probeLock } from "./lock";
import { probeSigtermUnderLoad } from "./sigterm-under-load";
import { probeSignals } from "./signals";

const PROBES: Probe[] = [
  { name: "signals", quick: true, run: probeSignals },
  { name: "lock", quick: true, run: probeLock },
  { name: "database-outage", quick: true, run: probeDatabaseOutage },
  { name: "kill9-writes", quick: false, run: probeKill9Writes },
  { name: "sigterm-under-load", quick: false, run: probeSigtermUnderLoad },
  { name: "half-open", quick: false, run: probeHalfOpen },
  { name: "load", quick: false, run: () => probeLoad() },
];

const quick = process.argv.includes("--quick");
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const selected = PROBES.filter((probe) => (only ? probe.name === only : !quick || probe.quick));
if (selected.length === 0) {
  console.error(`No such probe: ${only}. Probes: ${PROBES.map((p) => p.name).join(", ")}`);
  process.exit(1);
}

ensureBuild();
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
