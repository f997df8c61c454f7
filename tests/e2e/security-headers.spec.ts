// Hardening of issue 12: helmet's headers, a Content-Security-Policy on every
// page that lets only the page's own scripts run (a per-response nonce, or the
// hashes of a cacheable page's inline scripts), framing rules, HSTS behind
// https, and no caching of pages that show who is signed in. Embedded in
// another site's frame, the public pages still work, with no CSP violation.
import crypto from "node:crypto";
import type { Frame, Page } from "@playwright/test";
import { newAccount, sharedServer, signUpOverHttp } from "./support/accounts";
import { expect, test } from "./support/fixtures";
import { seededSharedServer } from "./support/isolated";
import { startParentPage } from "../../scripts/lib/parent-page";
import { startServer } from "./support/server";
import { PROJECT, seedSecurityHeaders } from "./support/seeds/security-headers";

// On the shared server, with its known records (seeds/security-headers.ts): the spec only reads, and
// the pending account it signs up is one more among the Team page's.
const server = seededSharedServer();

const PUBLIC_PAGES = [
  "/",
  "/projects",
  "/gallery",
  "/gallery/policy-gallery",
  "/webview/policy-gallery",
  "/policy-pier",
  "/webview/policy-pier",
  `/projects/${PROJECT}/preview`,
  "/no-such-project",
];
const SIGNED_IN_PAGES = [
  "/admin",
  `/admin/projects/${PROJECT}/edit`,
  "/admin/gallery/policy-gallery",
  "/admin/settings/team",
];

/** Records every CSP violation of every frame, from before the page's first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
}

const violations = (target: Page | Frame) =>
  target.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

/** Every script that would run: inline ones with their text, external ones with their source. */
const executableScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("script")]
      .filter((script) => !script.type || ["module", "text/javascript", "application/javascript"].includes(script.type))
      .map((script) => ({ nonce: script.nonce, src: script.src, text: script.textContent ?? "" })),
  );

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

/** Opens `path`, checks its policy names exactly its own scripts, that nothing was refused, and that an injected inline script does not run. */
async function checkPage(page: Page, path: string) {
  const response = await page.goto(`${server.url}${path}`);
  const headers = response!.headers();
  const body = await response!.text();
  const policy = response!.headers()["content-security-policy"]!;
  expect(policy, path).toMatch(
    /^script-src (.*'strict-dynamic'|'none'); object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors /,
  );
  const scripts = await executableScripts(page);
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  for (const script of scripts) {
    if (nonce) expect(script.nonce, `${path}: ${script.src || script.text.slice(0, 60)}`).toBe(nonce);
    else {
      expect(script.src, path).toBe("");
      expect(policy, `${path}: ${script.text.slice(0, 60)}`).toContain(sha256(script.text));
    }
  }
  expect(await violations(page), path).toEqual([]);

  // Markup an attacker slipped into the page (a script and an inline handler, without the nonce) does not run.
  await page.route(`${server.url}${path}`, async (route) => {
    const original = await route.fetch();
    const injected = (await original.text()).replace(
      "</body>",
      '<script>window.__injected = true</script><img src="/x.png" alt="" onerror="window.__injected = true"></body>',
    );
    await route.fulfill({ response: original, body: injected });
  });
  await page.goto(`${server.url}${path}`);
  await page.unroute(`${server.url}${path}`);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), path).toBeUndefined();
  const refused = await violations(page);
  expect(refused.length, path).toBeGreaterThanOrEqual(1);
  expect(
    refused.every((line) => /^script-src/.test(line)),
    path,
  ).toBe(true);
  return { headers, body };
}

test.describe("Content-Security-Policy", () => {
  test("public pages: only their own scripts run; cacheable ones go by hash and never carry a nonce", async ({
    page,
  }) => {
    await recordViolations(page);
    for (const path of PUBLIC_PAGES) {
      const { headers, body } = await checkPage(page, path);
      if (headers["cache-control"]?.startsWith("public")) {
        expect(headers["content-security-policy"], path).not.toContain("'nonce-");
        expect(body, path).not.toContain("nonce=");
      }
      // The list of galleries is not one of the embeddable pages.
      expect(headers["content-security-policy"], path).toContain(
        path === "/gallery" ? "frame-ancestors 'none'" : "frame-ancestors *",
      );
    }
  });

  test("admin pages: nonce-based, never framed, never cached", async ({ page }) => {
    await server.signIn(page);
    await recordViolations(page);
    // The hydrated admin app works under the policy: a client-side navigation and a form.
    for (const path of SIGNED_IN_PAGES) {
      const { headers } = await checkPage(page, path);
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], path).toBe("DENY");
      expect(headers["cache-control"], path).toBe("private, no-store");
    }
    await page.goto(`${server.url}/admin`);
    await page.getByRole("link", { name: "Clients" }).first().click();
    await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test("/auth and /pending: nonce-based, never framed, private and never stored", async ({ page, playwright }) => {
    await recordViolations(page);
    const auth = (await checkPage(page, "/auth")).headers;
    expect(auth["cache-control"]).toBe("private, no-store");
    expect(auth["content-security-policy"]).toContain("frame-ancestors 'none'");

    const cookies = await signUpOverHttp(sharedServer(), newAccount("Waiting"));
    const request = await playwright.request.newContext({
      extraHTTPHeaders: { Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") },
    });
    const pending = await request.get(`${server.url}/pending`);
    expect(pending.status()).toBe(200);
    expect(pending.headers()["cache-control"]).toBe("private, no-store");
    expect(pending.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    await request.dispose();
  });

  test("embedded in another site's frame, a project and a gallery resize and run with no violation", async ({
    page,
  }) => {
    const parent = await startParentPage(
      () => `<!doctype html><title>Our site</title>
        <iframe id="project" src="${server.url}/policy-pier" width="100%" height="600" style="border:0" title="Project"></iframe>
        <iframe id="gallery" src="${server.url}/gallery/policy-gallery" width="100%" height="600" style="border:0" title="Gallery"></iframe>
        <script src="${server.url}/embed.js" async></script>`,
    );
    try {
      await recordViolations(page);
      await page.goto(parent.url);
      for (const id of ["project", "gallery"]) {
        // embed.js sets each frame's height from the frame's own resize message.
        await expect
          .poll(() => page.locator(`#${id}`).evaluate((frame) => frame.getAttribute("height") ?? frame.style.height))
          .not.toBe("600");
        const frame = page.frame({ url: new RegExp(id === "project" ? "/policy-pier$" : "/gallery/policy-gallery$") })!;
        await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await violations(frame), id).toEqual([]);
      }
      // The video facade is frame.js at work: a click loads the player.
      const project = page.frameLocator("#project");
      await project.getByRole("link", { name: "Play video: Walkthrough" }).click();
      await expect(project.locator('iframe[src*="youtube-nocookie.com"]')).toHaveCount(1);
      expect(await violations(page)).toEqual([]);
    } finally {
      await parent.close();
    }
  });
});

test.describe("other security headers", () => {
  test("helmet's headers on pages, files and errors; no HSTS over plain http", async ({ request }) => {
    for (const path of ["/", "/auth", "/favicon.svg", "/embed.js", "/no-such-file.js", "/healthz"]) {
      const headers = (await request.get(`${server.url}${path}`)).headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"], path).toBeUndefined();
      expect(headers["x-powered-by"], path).toBeUndefined();
      expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    }
    // Another site's page loads /embed.js with <script src>.
    const embed = (await request.get(`${server.url}/embed.js`)).headers();
    expect(embed["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  test("with an https PUBLIC_URL: HSTS; FRAME_ANCESTORS names who may frame the embeddable pages only", async ({
    request,
  }) => {
    const https = await startServer({
      seed: seedSecurityHeaders,
      env: { PUBLIC_URL: "https://portal.example.test", FRAME_ANCESTORS: "https://company.example" },
    });
    try {
      const page = (await request.get(`${https.url}/policy-pier`)).headers();
      expect(page["strict-transport-security"]).toBe("max-age=15552000");
      expect(page["content-security-policy"]).toContain("frame-ancestors https://company.example");
      const auth = (await request.get(`${https.url}/auth`)).headers();
      expect(auth["strict-transport-security"]).toBe("max-age=15552000");
      expect(auth["content-security-policy"]).toContain("frame-ancestors 'none'");
    } finally {
      await https.stop();
    }
  });
});
