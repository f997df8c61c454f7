// Lighthouse (performance, accessibility, best practices, SEO) on the public
// pages of a running built server: the Project Library, a project page and a
// gallery page, each on its own and framed in another site's page by the embed
// snippet. Debian's Chromium (never a downloaded browser), Lighthouse's default
// mobile settings with simulated throttling, one run per page.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type LHResult from "lighthouse/types/lhr/lhr";
import { embedSnippet } from "~/lib/embed-snippet";
import { CHROMIUM_ARGS, chromiumPath } from "../../tests/e2e/support/browser";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export const MINIMUM_SCORE = 95;

export interface PageAudit {
  page: string;
  framed: boolean;
  /** 0–100 per category. */
  scores: Record<Category, number>;
  /** The audits that lost points, for whoever has to fix them. */
  failing: string[];
  /** Why Lighthouse could not measure (no trace, no paint…): empty when it could. */
  errors: string[];
}

/** How many times a page is measured when Lighthouse itself fails to measure it. */
const MEASUREMENT_ATTEMPTS = 3;

/**
 * Scores, lost points and measurement errors of one Lighthouse run. A category
 * without a score is not a page scoring 0: one of its audits could not run (a
 * trace that never started on a busy machine, say), and Lighthouse says which.
 */
export function readResult(lhr: Pick<LHResult, "categories" | "audits" | "runtimeError">) {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const audits = Object.values(lhr.audits);
  const failing = audits
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        !["informative", "notApplicable", "manual", "error"].includes(audit.scoreDisplayMode),
    )
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
  const errors = [
    ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
    ...audits
      .filter((audit) => audit.scoreDisplayMode === "error")
      .map((audit) => `${audit.id}: ${audit.errorMessage ?? "error"}`),
    ...CATEGORIES.filter((category) => (lhr.categories[category]?.score ?? null) === null).map(
      (category) => `${category}: no score`,
    ),
  ];
  return { scores, failing, errors };
}

const config = {
  extends: "lighthouse:default",
  settings: {
    onlyCategories: [...CATEGORIES],
    // Pictures for a report nobody opens here; none of them is scored (the full-page
    // one is gathered, about 1.5 s a page, unless it is switched off by name).
    skipAudits: ["full-page-screenshot", "screenshot-thumbnails", "final-screenshot"],
    disableFullPageScreenshot: true,
  },
  audits: [
    // CI has no way out: YouTube's thumbnails (the video facades) fail to resolve
    // there, which is the network's doing, not the page's (the page's own files
    // are on its own origin and resolve no name).
    {
      path: "errors-in-console",
      options: { ignoredPatterns: ["net::ERR_NAME_NOT_RESOLVED", "ERR_BLOCKED_BY_CLIENT.Inspector"] },
    },
  ],
};

/** The company's own site, reduced to a page that embeds one of ours with the snippet. */
function parentHtml(origin: string, path: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Our playgrounds</title>
<meta name="description" content="Playgrounds we have designed and built, embedded from our project library.">
<link rel="icon" href="data:,">
</head>
<body style="margin:0;font-family:sans-serif">
<main style="padding:16px"><h1>Our playgrounds</h1>
${embedSnippet({ origin, path, title: "Our projects", loadingText: "Loading projects…" })}
</main>
</body>
</html>`;
}

/** Serves the parent page at / of another origin (localhost, where the app is on 127.0.0.1); nothing else. */
async function startParentSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url !== "/") return res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Chromium keeps its connections open: close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}

export async function auditPublicPages(
  origin: string,
  pages: { label: string; path: string }[],
  log: (line: string) => void = () => {},
): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new", "--disable-gpu"],
  });
  const audits: PageAudit[] = [];
  try {
    for (const framed of [false, true]) {
      for (const page of pages) {
        // As a visitor finds it on a running site: rendered once already (the render cache holds it).
        await fetch(`${origin}${page.path}`).then((response) => response.arrayBuffer());
        const parent = framed ? await startParentSite(parentHtml(origin, page.path)) : null;
        const label = `${page.label}${framed ? ", framed" : ""}`;
        try {
          const url = parent ? parent.url : `${origin}${page.path}`;
          let measured = await measure(url, chrome.port);
          for (let attempt = 2; measured.errors.length > 0 && attempt <= MEASUREMENT_ATTEMPTS; attempt++) {
            log(`${label}: Lighthouse could not measure (${briefly(measured.errors)}); measuring again`);
            measured = await measure(url, chrome.port);
          }
          const { scores, failing, errors } = measured;
          audits.push({ page: page.label, framed, scores, failing, errors });
          log(`${label}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}`);
        } finally {
          await parent?.close();
        }
      }
    }
  } finally {
    chrome.kill();
  }
  return audits;
}

/** The first few errors: a trace that failed fails some sixty audits with the same words. */
export function briefly(errors: string[], shown = 3): string {
  const more = errors.length - shown;
  return errors.slice(0, shown).join("; ") + (more > 0 ? `; and ${more} more` : "");
}

async function measure(url: string, port: number) {
  const result = await lighthouse(url, { port, logLevel: "error", output: "json" }, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return readResult(result.lhr);
}

/** Every category of every page at the minimum or above. */
export function allPass(audits: PageAudit[]): boolean {
  return audits.every((audit) => CATEGORIES.every((category) => audit.scores[category] >= MINIMUM_SCORE));
}
