// `npm run probes`: a crash and a crowd done to the built server, one line each; exits 1 if one fails.
// The other guarantees of docs/operations.md are shown by tests CI runs (its "The probes").
import { ensureBuild } from "../build-state.mjs";
import { chosenParts } from "../lib/parts";
import { probeKill9Writes } from "./kill9-writes";
import { probeLoad } from "./load";

const PROBES: { name: string; about: string; run(): Promise<{ ok: boolean; line: string }> }[] = [
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
  const crashed = (error: Error) => ({ ok: false, line: `crashed: ${error.message.split("\n")[0]}` });
  const { ok, line } = await probe.run().catch(crashed);
  if (!ok) failed++;
  console.log(
    `${ok ? "PASS" : "FAIL"} ${probe.name} (${((performance.now() - started) / 1000).toFixed(0)} s): ${line}`,
  );
}
process.exit(failed ? 1 : 0);
