// The client portal in a browser, as the issue walks it: staff invite a
// contact and send a contract; the contact signs in with the code from the
// outbox, sees their project and not another client's, reads the contract and
// signs; the sealed PDF verifies; staff see it signed with its timeline.
import fs from "node:fs";
import path from "node:path";
import { checkPdfSignature } from "../helpers/pdf-signature";
import { pdfPages } from "../helpers/pdf-text";
import { minimalPdf } from "../fixtures/pdf";
import { expect, test, toast, waitForHydration } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { mailedCodes, nextMailedCode } from "../../scripts/lib/portal";
import { checkAtBothWidths } from "./support/screens";
import type { Seed } from "./support/server";

const CONTRACT = "b8888888-1111-4111-8111-111111111111";
const OTHER_PROJECT = "a8888888-2222-4222-8222-222222222222";
const OTHER_CONTRACT = "b8888888-2222-4222-8222-222222222222";
const DOCUMENT_KEY = "private/contracts/1-maple.pdf";

const seed: Seed = async ({ make, dataDir }) => {
  await make.company({ name: "Playscape Builders", address: "1 Swing Lane", phone: "555 0100" });
  const school = await make.client({ name: "Maple Primary School" });
  await make.contact({ name: "Robin Reed", email: "robin@maple.test", clientId: school.id });
  const maple = await make.project({
    title: "Maple Adventure Trail",
    clientId: school.id,
    status: "in_progress",
    endDate: "2026-05-14",
  });
  const pdf = minimalPdf(["Maple Adventure Trail: installation agreement"]);
  const file = path.join(dataDir, "uploads", DOCUMENT_KEY);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, pdf);
  await make.contract({
    id: CONTRACT,
    projectId: maple.id,
    title: "Installation agreement",
    documentKey: DOCUMENT_KEY,
    documentName: "maple.pdf",
    documentBytes: pdf.length,
  });
  const council = await make.client({ name: "Riverside Council" });
  await make.project({ id: OTHER_PROJECT, title: "Riverside Splash Park", clientId: council.id, status: "completed" });
  await make.contract({ id: OTHER_CONTRACT, projectId: OTHER_PROJECT, status: "sent", dateSent: "2026-01-02" });
};

test.describe("client portal", () => {
  const server = useIsolatedServer({ seed });

  test("invite, code from the outbox, own project only, read and sign; the sealed PDF verifies; staff see it signed", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Staff: portal access for Robin, then the contract sent to Robin.
    await server.signIn(page);
    await page.goto(`${server.url}/admin/contacts`);
    await page.getByRole("link", { name: "Robin Reed" }).click();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Invite to portal" }).click();
    await expect(toast(page, "Invited to the portal")).toBeVisible();
    await expect(page.getByText("Portal Access", { exact: true })).toBeVisible();
    await page.goto(`${server.url}/admin/contacts`);
    await expect(page.getByRole("row", { name: /Robin Reed/ })).toContainText("Portal Access");

    await page.goto(`${server.url}/admin/contracts/${CONTRACT}/edit`);
    await waitForHydration(page);
    await page.getByRole("checkbox", { name: /Robin Reed/ }).check();
    await page.getByRole("button", { name: "Send for signature" }).click();
    await expect(toast(page, "Sent for signature")).toBeVisible();
    // The page's own write starts its edit form again from the sent contract (no "changed underneath").
    await expect(page.getByLabel("Status")).toHaveValue("sent");
    // Out for signature, its document is shown, not offered for replacing.
    await expect(
      page.getByText("This contract is out for signature: void it before changing its document."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Replace document" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "review before saving" })).toHaveCount(0);

    // Robin, in a browser of their own, phone first.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/portal`);
    await expect(page.getByRole("heading", { name: "Sign in to your client portal" })).toBeVisible();
    await expect(page.getByText("Playscape Builders").first()).toBeVisible();
    await checkAtBothWidths(page, "portal-sign-in");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(page.getByText("You must provide either an email or phone number.")).toBeVisible();

    const seen = mailedCodes(server.dataDir, "robin@maple.test").length;
    await page.getByLabel("Email").fill("robin@maple.test");
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await checkAtBothWidths(page, "portal-code");
    await page.getByLabel("Code").fill("000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("That code is not right.")).toBeVisible();
    await page.getByLabel("Code").fill(await nextMailedCode(server.dataDir, "robin@maple.test", seen));
    await page.getByRole("button", { name: "Sign in" }).click();

    await expect(page.getByRole("heading", { name: "Welcome, Robin Reed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Maple Adventure Trail" })).toBeVisible();
    await expect(page.getByText("Riverside Splash Park")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Project status" })).toContainText("In progress");
    await checkAtBothWidths(page, "portal-home");

    // Another client's records do not exist for Robin: pages, data and the PDF.
    for (const url of [
      `/portal/projects/${OTHER_PROJECT}`,
      `/portal/projects/${OTHER_PROJECT}.data`,
      `/portal/contracts/${OTHER_CONTRACT}`,
      `/portal/contracts/${OTHER_CONTRACT}.data`,
      `/portal/contracts/${OTHER_CONTRACT}/document`,
    ]) {
      expect((await page.request.get(`${server.url}${url}`)).status(), url).toBe(404);
    }
    const foreignPost = await page.request.post(`${server.url}/portal/contracts/${OTHER_CONTRACT}`, {
      form: { intent: "sign", consent: "on", fullName: "Robin Reed" },
      headers: { Origin: server.url },
    });
    expect(foreignPost.status()).toBe(404);
    // What the person sees instead: the portal's words and the way back, a malformed id too.
    await page.goto(`${server.url}/portal/contracts/not-an-id`);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByText("This contract does not exist, or is not yours to see.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the client portal" })).toBeVisible();
    // Still the company's portal: its header and footer, as on every other portal screen.
    await expect(page.getByRole("banner")).toContainText("Playscape Builders");
    await expect(page.getByRole("banner")).toContainText("Client portal");
    await expect(page.getByRole("contentinfo")).toContainText("Playscape Builders · 1 Swing Lane · 555 0100");
    await checkAtBothWidths(page, "portal-not-found");
    // Never past the admin guard.
    await page.goto(`${server.url}/admin/clients`);
    await expect(page).toHaveURL(/\/portal$/);

    await page.getByRole("link", { name: /Maple Adventure Trail/ }).click();
    await expect(page.getByRole("heading", { name: "Maple Adventure Trail", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Documents" })).toBeVisible();
    await checkAtBothWidths(page, "portal-project");

    await page.getByRole("link", { name: /Review and sign/ }).click();
    await expect(page.getByRole("heading", { name: "Installation agreement" })).toBeVisible();
    await expect(page.getByText("Viewed", { exact: true })).toBeVisible();
    await checkAtBothWidths(page, "portal-contract");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign contract" }).click();
    await expect(page.getByText("Agree to sign electronically to continue")).toBeVisible();
    await page.getByRole("checkbox", { name: /I agree to sign this contract electronically/ }).check();
    await page.getByLabel("Your full name").fill("Robin A. Reed");
    await page.getByRole("button", { name: "Sign contract" }).click();
    // Sealing is real work (the certificate, the PKCS#7 signature): allow it time on a busy machine.
    await expect(toast(page, "Contract signed")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("Signed", { exact: true })).toBeVisible();
    await checkAtBothWidths(page, "portal-contract-signed");

    // The sealed PDF: one signature over the whole file, its digest right, the certificate readable.
    const download = await page.request.get(`${server.url}/portal/contracts/${CONTRACT}/document`);
    const sealed = Buffer.from(await download.body());
    expect(checkPdfSignature(sealed)).toMatchObject({
      coversWholeFile: true,
      digestMatches: true,
      signatureVerifies: true,
    });
    const text = (await pdfPages(sealed)).join("\n");
    expect(text).toContain("Completion certificate");
    expect(text).toContain("Robin A. Reed");
    expect(text).toContain("robin@maple.test");

    // Staff see it signed, with its timeline.
    await page.context().clearCookies();
    await page.setViewportSize({ width: 1440, height: 900 });
    await server.signIn(page);
    await page.goto(`${server.url}/admin/contracts`);
    const card = page.getByRole("listitem").filter({ hasText: "Installation agreement" });
    await expect(card).toContainText("Signed");
    await expect(card).toContainText("Viewed:");
    await page.goto(`${server.url}/admin/contracts/${CONTRACT}/edit`);
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText("Sent for signature");
    await expect(timeline).toContainText("Signed");
    await expect(page.getByText("A signed contract's document can never be replaced or removed.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Replace document|Remove document/ })).toHaveCount(0);
    await checkAtBothWidths(page, "staff-contract-timeline");
  });
});
