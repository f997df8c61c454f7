// A proposal from an inquiry to its acceptance in the client portal, as the
// issue walks it: staff "Create proposal" on the inquiry, price two lines (one
// optional) and send it; the buyer signs in with the code from the outbox,
// ticks the option (the total follows), accepts with the typed name, consent
// and a drawn signature; the sealed PDF verifies with pdfsig; staff see the
// acceptance, the draft contract whose document is that sealed PDF, and the
// inquiry won. Then the two other answers: ask for changes, then decline.
// At 1440 and 390 px, axe clean. The rules are proved in answers.test.ts and
// the route tests.
import type { Page } from "@playwright/test";
import { pdfsig } from "../helpers/pdfsig";
import { expect, test, toast, waitForHydration } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { mailedCodes, nextMailedCode } from "../../scripts/lib/portal";
import { checkAtBothWidths } from "./support/screens";

const CLIENT = "c4222222-1111-4111-8111-111111111111";
const INQUIRY = "f4222222-1111-4111-8111-111111111111";
const SECOND_INQUIRY = "f4222222-2222-4222-8222-222222222222";
const EMAIL = "robin@maple.test";

const server = useIsolatedServer({
  async seed({ make }) {
    await make.company({ name: "Playscape Builders", address: "1 Swing Lane", phone: "555 0100" });
    await make.client({ id: CLIENT, name: "Maple Primary" });
    const account = await make.user({ name: "Robin Reed", email: EMAIL, role: "client" });
    await make.contact({ name: "Robin Reed", email: EMAIL, clientId: CLIENT, userId: account.id });
    for (const id of [INQUIRY, SECOND_INQUIRY]) {
      await make.inquiry({ id, name: "Robin Reed", email: EMAIL, organisation: "Maple Primary", clientId: CLIENT });
    }
  },
});

/** Staff: "Create proposal" on the inquiry, its lines priced, saved and sent to Robin. Returns the proposal's id. */
async function createAndSend(
  page: Page,
  inquiryId: string,
  lines: { name: string; price: string; optional?: boolean }[],
) {
  await server.signIn(page);
  await page.goto(`${server.url}/admin/inquiries/${inquiryId}`);
  await page.getByRole("link", { name: "Create proposal" }).click();
  await expect(page.getByRole("heading", { name: "New Proposal", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Create Proposal" }).click();
  await expect(page.getByRole("heading", { name: "Edit Proposal", level: 1 })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add section" }).click();
  await page.keyboard.type("Equipment");
  const section = page.getByRole("region", { name: "Equipment" });
  for (const [index, line] of lines.entries()) {
    await section.getByRole("button", { name: "Add line" }).click();
    const row = page.getByRole("group", { name: `Line ${index + 1}` });
    await row.getByLabel("Name").fill(line.name);
    await row.getByLabel("Unit price (USD)").fill(line.price);
    await row.getByLabel("Tax rate (%)").fill("20");
    if (line.optional) await row.getByLabel("Optional: the buyer may choose it").check();
  }
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, "Proposal saved")).toBeVisible();
  const id = /\/admin\/proposals\/([0-9a-f-]{36})\/edit/.exec(page.url())![1]!;
  await page.goto(`${server.url}/admin/proposals/${id}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send proposal" }).click();
  await expect(toast(page, "Version 1 sent")).toBeVisible();
  return id;
}

/** Robin, in a browser of their own: signed in to the portal with the code from the outbox. */
async function signInAsBuyer(page: Page) {
  await page.context().clearCookies();
  await page.goto(`${server.url}/portal`);
  await waitForHydration(page);
  const seen = mailedCodes(server.dataDir, EMAIL).length;
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByRole("button", { name: "Email me a code" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.getByLabel("Code").fill(await nextMailedCode(server.dataDir, EMAIL, seen));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Robin Reed" })).toBeVisible();
}

/** pdfsig's verdict on a sealed PDF: one valid signature over the whole file. */
function expectSealed(pdf: Buffer) {
  const report = pdfsig(pdf);
  expect(report).toContain("Signature Validation: Signature is Valid.");
  expect(report).toContain("Total document signed");
}

test("from an inquiry to an accepted proposal in the portal: the option ticked, signed, sealed, and a draft contract", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const id = await createAndSend(page, INQUIRY, [
    { name: "Rope pyramid", price: "12,500.00" },
    { name: "Shade sail", price: "1,800.00", optional: true },
  ]);

  await signInAsBuyer(page);
  await page.goto(`${server.url}/portal/proposals`);
  await page.getByRole("link", { name: /Playground proposal for Maple Primary/ }).click();
  await expect(page.getByRole("heading", { name: "Playground proposal for Maple Primary", level: 1 })).toBeVisible();
  const accept = page.getByRole("region", { name: "Accept this proposal" });
  await expect(accept).toContainText("$15,000.00");
  await checkAtBothWidths(page, "portal-proposal");
  await waitForHydration(page);

  // The option ticked: the totals and the amount accepted follow.
  await page.getByRole("checkbox", { name: /Add to my order.*Shade sail/ }).check();
  await expect(accept).toContainText("$17,160.00");
  await expect(accept).toContainText("Version 1, with Shade sail.");

  // Accepting without consent says what is missing, beside the checkbox.
  await accept.getByRole("button", { name: "Accept proposal" }).click();
  await expect(accept.getByText("Agree to accept electronically to continue")).toBeVisible();
  await accept.getByRole("checkbox", { name: /I accept this proposal electronically/ }).check();
  await accept.getByLabel("Your full name").fill("Robin A. Reed");
  // A drawn signature: a stroke across the pad.
  const pad = accept.getByRole("img", { name: /Empty signature area/ });
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, -20],
    [120, 15],
    [180, -10],
    [240, 10],
  ] as const) {
    await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2 + dy, { steps: 5 });
  }
  await page.mouse.up();
  await expect(accept.getByRole("img", { name: "Your drawn signature" })).toBeVisible();
  await accept.getByRole("button", { name: "Accept proposal" }).click();
  // Sealing is real work (the certificate, the PKCS#7 signature): allow it time on a busy machine.
  await expect(toast(page, "Proposal accepted")).toBeVisible({ timeout: 60_000 });

  const record = page.getByRole("region", { name: "Your acceptance" });
  await expect(record).toContainText("Robin A. Reed");
  await expect(record).toContainText("$17,160.00");
  await expect(record).toContainText("Shade sail");
  await expect(page.getByRole("region", { name: "Accept this proposal" })).toHaveCount(0);
  await checkAtBothWidths(page, "portal-proposal-accepted");
  const sealed = Buffer.from(await (await page.request.get(`${server.url}/portal/proposals/${id}/document`)).body());
  expectSealed(sealed);

  // Staff: the acceptance, the draft contract it made (its document the sealed PDF), the inquiry won.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1440, height: 900 });
  await server.signIn(page);
  await page.goto(`${server.url}/admin/proposals/${id}`);
  const acceptance = page.getByRole("region", { name: "Acceptance" });
  await expect(acceptance).toContainText("Robin A. Reed");
  await expect(acceptance).toContainText(EMAIL);
  await expect(acceptance).toContainText("$17,160.00");
  await expect(acceptance).toContainText("Shade sail");
  await checkAtBothWidths(page, "admin-proposal-accepted");
  const pdfLink = await acceptance.getByRole("link", { name: "Download the sealed PDF" }).getAttribute("href");
  const document = Buffer.from(await (await page.request.get(`${server.url}${pdfLink}`)).body());
  expectSealed(document);
  expect(document.equals(sealed)).toBe(true);
  await acceptance.getByRole("link", { name: "Playground proposal for Maple Primary contract" }).click();
  await expect(page).toHaveURL(/\/admin\/contracts\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByLabel("Status")).toHaveValue("draft");
  await expect(page.getByText("Playground proposal for Maple Primary - v1 - accepted.pdf")).toBeVisible();
  await page.goto(`${server.url}/admin/inquiries/${INQUIRY}`);
  await expect(page.getByText("Won", { exact: true }).first()).toBeVisible();
});

test("the other answers: ask for changes with a comment, then decline with a reason", async ({ page }) => {
  test.setTimeout(180_000);
  const id = await createAndSend(page, SECOND_INQUIRY, [{ name: "Swing set", price: "4,000.00" }]);

  await signInAsBuyer(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/portal/proposals/${id}`);
  await waitForHydration(page);
  await page.getByText("Ask for changes").click();
  await page.getByLabel("What would you like changed?").fill("Could the swings be blue?");
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(toast(page, "Changes requested")).toBeVisible();
  await expect(page.getByText("You asked us for changes")).toBeVisible();
  await expect(page.getByRole("region", { name: "Our conversation" })).toContainText("Could the swings be blue?");
  await checkAtBothWidths(page, "portal-proposal-changes");

  await waitForHydration(page);
  await page.getByText("Decline this proposal").click();
  await page.getByRole("button", { name: "Decline proposal" }).click();
  await expect(page.getByText("Tell us why you decline (at least 3 characters)")).toBeVisible();
  await page.getByLabel("Why do you decline?").fill("The budget was cut");
  await page.getByRole("button", { name: "Decline proposal" }).click();
  await expect(toast(page, "You declined this proposal")).toBeVisible();
  await expect(page.getByText('You declined this proposal: "The budget was cut"')).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept proposal" })).toHaveCount(0);
  await checkAtBothWidths(page, "portal-proposal-declined");

  await page.context().clearCookies();
  await server.signIn(page);
  await page.goto(`${server.url}/admin/proposals/${id}`);
  await expect(page.getByText("Declined", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Could the swings be blue?", { exact: true })).toBeVisible();
});
