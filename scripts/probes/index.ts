// `npm run probes`: what production does to a server under load or a crash,
// done to the built one on this machine, one line each, with the figures
// (`--only NAME` for one, `--help` for the list). Exits 1 if any probe fails.
// Signals, the data-dir lock and a database outage are browser-suite specs
// (server-signals, server-lifecycle, database-outage), which CI runs.
import { ensureBuild } from "../build-state.mjs";
import { probeAbortedRequests } from "./aborted-requests";
import { probeKill9Writes } from "./kill9-writes";
import type { Probe } from "./lib/probe";
import { probeLoad } from "./load";

const PROBES: Array<Probe & { about: string }> = [
  {
    name: "aborted-requests",
    about: "1,000 signed-in requests left at every stage; then nothing in flight, staff still served",
    run: probeAbortedRequests,
  },
  {
    name: "kill9-writes",
    about: "kill -9 during writes, three rounds: no acknowledged write lost",
    run: probeKill9Writes,
  },
  { name: "load", about: "200 connections through Caddy for 30 s, twice (about 2 minutes)", run: () => probeLoad() },
];

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  const width = Math.max(...PROBES.map((probe) => probe.name.length));
  console.log("npm run probes [-- --only NAME]\n");
  for (const probe of PROBES) console.log(`  ${probe.name.padEnd(width)}  ${probe.about}`);
  process.exit(0);
}
const onlyAt = args.indexOf("--only");
const only = onlyAt < 0 ? undefined : args[onlyAt + 1];
const unknown = args.filter((_arg, i) => onlyAt < 0 || (i !== onlyAt && i !== onlyAt + 1));
const selected = PROBES.filter((probe) => !only || probe.name === only);
if ((onlyAt >= 0 && !only) || unknown.length > 0 || selected.length === 0) {
  console.error(
    `${unknown.length ? `Unknown argument: ${unknown.join(" ")}` : `No such probe: ${only ?? "(none given)"}`}. ` +
      `Probes: ${PROBES.map((p) => p.name).join(", ")} (--help says what each does)`,
  );
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
