// `npm run lighthouse`: Lighthouse on the public pages of the built app with
// the demo data, on their own and framed; fails unless performance,
// accessibility, best practices and SEO are each at least 95 (CI runs it).
import { ensureBuild } from "./build-state.mjs";
import { allPass, auditPublicPages, briefly, CATEGORIES, MINIMUM_SCORE } from "./lighthouse/audit";
import { DEMO_PAGES, startDemoServer } from "./lighthouse/demo-server";

await ensureBuild();
// The demo seed's own log lines are not this command's output.
process.env.LOG_LEVEL ??= "warn";
const server = await startDemoServer();
let ok = false;
try {
  const audits = await auditPublicPages(server.url, DEMO_PAGES, (line) => console.log(line));
  ok = allPass(audits);
  for (const audit of audits) {
    const low = CATEGORIES.filter((category) => audit.scores[category] < MINIMUM_SCORE);
    if (low.length > 0) {
      console.log(
        `\n${audit.page}${audit.framed ? ", framed" : ""}: ${low.join(", ")} under ${MINIMUM_SCORE}. ` +
          `Audits that lost points: ${audit.failing.join(", ") || "none listed"}` +
          (audit.errors.length > 0 ? `. Lighthouse could not measure: ${briefly(audit.errors)}` : ""),
      );
    }
  }
  console.log(
    ok ? `\nLighthouse: every page ${MINIMUM_SCORE} or more in each category.` : "\nLighthouse: under the bar.",
  );
} finally {
  await server.stop();
}
process.exit(ok ? 0 : 1);
