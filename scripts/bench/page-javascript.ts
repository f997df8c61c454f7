// JavaScript a visitor's browser downloads per page (external files and inline
// scripts), gzip-compressed as the server sends it, measured in Chromium.
import { chromium } from "@playwright/test";
import { newAccount, signUpOverHttp } from "../../tests/e2e/support/accounts";
import { CHROMIUM_ARGS, chromiumPath } from "../../tests/e2e/support/browser";
import { startServer } from "../../tests/e2e/support/server";
import { gzipSize } from "./page-weight";
import { kb, type Row } from "./table";

const PAGES: { path: string; signedIn: boolean; budget?: number; label?: string }[] = [
  { path: "/", signedIn: false, budget: 130 * 1024, label: "Project Library, empty" },
  { path: "/auth", signedIn: false },
  { path: "/admin", signedIn: true },
  { path: "/admin/settings/team", signedIn: true },
];

export async function benchPageJavaScript(): Promise<Row[]> {
  const server = await startServer({ fromTemplate: false });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    const cookies = await signUpOverHttp(server, newAccount("Bench", "staff.test"));
    for (const entry of PAGES) {
      const context = await browser.newContext();
      if (entry.signedIn) {
        const [name, value] = cookies[0]!.split(";")[0]!.split("=");
        await context.addCookies([{ name: name!, value: value!, url: server.url }]);
      }
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") bodies.push(response.body());
      });
      // An admin page keeps its live-updates stream open, so its network never idles: its scripts are in by "load".
      await page.goto(`${server.url}${entry.path}`, { waitUntil: entry.signedIn ? "load" : "networkidle" });
      const inline = await page.$$eval("script:not([src])", (scripts) => scripts.map((s) => s.textContent ?? ""));
      const external = (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSize(body), 0);
      const total = external + gzipSize(inline.join("\n"));
      rows.push({
        measure: `JavaScript on ${entry.path}${entry.label ? ` (${entry.label})` : ""}, gzip`,
        value: kb(total),
        budget: entry.budget ? `< ${kb(entry.budget)}` : undefined,
        ok: entry.budget ? total < entry.budget : undefined,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}
