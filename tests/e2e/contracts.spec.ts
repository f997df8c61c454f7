// Contracts as a person uses them: the card list as the spec shows it (badges
// and their colours, Client / Sent / Signed lines, the empty text), filters in
// the URL, the form (the project picker, the client following the project),
// the signed PDF (upload with progress, refusals shown, staff download), the
// unsign confirmation, edit and delete, the project page's contracts, and the
// small screen. The rules (dates, conflicts, a contract already gone, who may
// download) are proved in contracts.test.ts, schema.test.ts and the route tests.
import fs from "node:fs";
import path from "node:path";
import { minimalPdf } from "../fixtures/pdf";
import { expect, expectNoSeriousA11yViolations, test, toast } from "./support/fixtures";
import { sharedEmptyServer, useIsolatedServer } from "./support/isolated";
import { expectNoHorizontalOverflow } from "./support/screens";
import { storeTestDocument } from "./support/seed-images";
import type { Page } from "@playwright/test";
import type { Seed } from "./support/server";
import { daysAgo } from "../factories";

const HARBOUR = "c1111111-1111-4111-8111-111111111111";
const RIVERSIDE = "c2222222-2222-4222-8222-222222222222";
const PIRATE = "a1111111-1111-4111-8111-111111111111";
const JUNGLE = "a2222222-2222-4222-8222-222222222222";
const CASTLE = "a3333333-3333-4333-8333-333333333333";
const SIGNED = "b1111111-1111-4111-8111-111111111111";
const SENT = "b2222222-2222-4222-8222-222222222222";
const DRAFT = "b3333333-3333-4333-8333-333333333333";

// The list as the spec shows it, for the tests that only read it.
const listSeed: Seed = async ({ make }) => {
  const harbour = await make.client({ id: HARBOUR, name: "Harbour Museum" });
  const riverside = await make.client({ id: RIVERSIDE, name: "Riverside School" });
  await make.project({ id: PIRATE, title: "Pirate Cove", clientId: harbour.id, status: "completed" });
  await make.project({ id: JUNGLE, title: "Jungle Trail", clientId: riverside.id, status: "planning" });
  await make.project({ id: CASTLE, title: "Castle Keep", clientId: riverside.id, status: "in_progress" });
  await make.contract({
    id: SIGNED,
    projectId: PIRATE,
    title: "Installation agreement",
    status: "signed",
    dateSent: "2025-03-01",
    dateSigned: "2025-03-07",
    createdAt: daysAgo(3),
  });
  await make.contract({
    id: SENT,
    projectId: JUNGLE,
    title: "Phase 1 works order",
    status: "sent",
    dateSent: "2025-04-02",
    createdAt: daysAgo(2),
  });
  await make.contract({ id: DRAFT, projectId: CASTLE, status: "draft", createdAt: daysAgo(1) });
};

// Each changing test's own projects and contracts (no two share a title, a project or a file).
const ORCHARD_SENT = "b4444444-4444-4444-8444-444444444444";
const WILLOW = "a5555555-5555-4555-8555-555555555555";
const FERN = "a6666666-6666-4666-8666-666666666666";
const SURVEY = "b5555555-5555-4555-8555-555555555555";
const GROUNDWORKS = "b6666666-6666-4666-8666-666666666666";
const seed: Seed = async ({ dataDir, make }) => {
  // Create: the picker finds both of a client's projects.
  const riverside = await make.client({ name: "Riverside School" });
  await make.project({ title: "Jungle Trail", clientId: riverside.id, status: "planning" });
  await make.project({ title: "Castle Keep", clientId: riverside.id, status: "in_progress" });
  // The signed PDF: a sent contract with no document yet.
  const orchard = await make.client({ name: "Orchard Primary" });
  const maze = await make.project({ title: "Orchard Maze", clientId: orchard.id });
  await make.contract({
    id: ORCHARD_SENT,
    projectId: maze.id,
    title: "Phase 1 works order",
    status: "sent",
    dateSent: "2025-04-02",
  });
  // Unsigning.
  const harbour = await make.client({ name: "Harbour Museum" });
  const pirate = await make.project({ title: "Pirate Cove", clientId: harbour.id, status: "completed" });
  await make.contract({
    id: SIGNED,
    projectId: pirate.id,
    title: "Installation agreement",
    status: "signed",
    dateSent: "2025-03-01",
    dateSigned: "2025-03-07",
  });
  // The conflict.
  const beacon = await make.project({ title: "Beacon Tower", clientId: harbour.id });
  await make.contract({ id: DRAFT, projectId: beacon.id, status: "draft" });
  // The project page: one project with two contracts (one signed, with its document), one with one.
  const hilltop = await make.client({ name: "Hilltop Academy" });
  await make.project({ id: WILLOW, title: "Willow Den", clientId: hilltop.id });
  await make.project({ id: FERN, title: "Fern Hollow", clientId: hilltop.id });
  await make.contract({ projectId: WILLOW, title: "Maintenance plan", status: "draft", createdAt: daysAgo(2) });
  await make.contract({
    id: SURVEY,
    projectId: WILLOW,
    title: "Survey order",
    status: "signed",
    dateSent: "2025-04-02",
    dateSigned: "2025-04-09",
    createdAt: daysAgo(1),
    ...(await storeTestDocument(dataDir, minimalPdf(["Survey order"]), "Survey order signed.pdf")),
  });
  await make.contract({ projectId: FERN, status: "draft" });
  // Editing from a card, and deleting a contract with its file.
  const granite = await make.project({ title: "Granite Fort", clientId: hilltop.id });
  await make.contract({ projectId: granite.id, status: "draft" });
  const bramble = await make.project({ title: "Bramble Camp", clientId: hilltop.id });
  await make.contract({
    id: GROUNDWORKS,
    projectId: bramble.id,
    title: "Groundworks order",
    status: "signed",
    dateSent: "2025-05-01",
    dateSigned: "2025-05-02",
    ...(await storeTestDocument(dataDir, minimalPdf(["Groundworks order"]), "Groundworks signed.pdf")),
  });
  // Deleted by someone else first.
  const moss = await make.project({ title: "Moss Lodge", clientId: hilltop.id });
  await make.contract({ projectId: moss.id, status: "draft" });
};

const EMPTY_TEXT = "No contracts found. Create your first contract to get started.";

function todayNumeric(): string {
  const now = new Date();
  return `${now.getMonth() + 1}/${now.getDate()}/${now.getFullYear()}`;
}

/** The signed documents stored in a server's data dir. */
function storedDocuments(dataDir: string): string[] {
  const folder = path.join(dataDir, "uploads", "private", "contracts");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

const cards = (page: Page) => page.getByRole("list", { name: "Contracts" }).getByRole("listitem");
const card = (page: Page, text: string | RegExp) => cards(page).filter({ hasText: text });

test.describe("contracts on an empty database", () => {
  const empty = sharedEmptyServer();

  test("the list says how to start, and the form says a project is needed", async ({ page }) => {
    await empty.signIn(page);
    await page.goto(`${empty.url}/admin/contracts`);
    await expect(page.getByRole("heading", { name: "Contracts", level: 1 })).toBeVisible();
    await expect(page.getByText("Manage project contracts and signatures")).toBeVisible();
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
    const filter = page.getByLabel("Filter by status");
    await expect(filter).toHaveValue("");
    await expect(filter.locator("option")).toHaveText([
      "All statuses",
      "Draft",
      "Sent",
      "Viewed",
      "Signed",
      "Declined",
      "Voided",
      "Expired",
    ]);
    await expectNoSeriousA11yViolations(page, "empty contracts list");

    await page.getByRole("link", { name: "New Contract" }).click();
    await expect(page).toHaveURL(/\/admin\/contracts\/new$/);
    await page.getByRole("button", { name: /^Project/ }).click();
    await expect(page.getByText("No projects yet. Create a project first.")).toBeVisible();
  });
});

test.describe("contracts list", () => {
  const server = useIsolatedServer({ seed: listSeed });
  test.beforeEach(async ({ page }) => server.signIn(page));

  test("cards, newest first: status badge and colour, project, client, sent and signed dates; status filter and search live in the URL; at 390 px", async ({
    page,
  }) => {
    await page.goto(`${server.url}/admin/contracts`);
    await expect(page.getByRole("link", { name: "New Contract" })).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).getByRole("heading")).toHaveText(["Castle Keep", "Jungle Trail", "Pirate Cove"]);

    const signed = card(page, "Pirate Cove");
    await expect(signed).toContainText("Installation agreement");
    await expect(signed).toContainText("Client: Harbour Museum");
    await expect(signed).toContainText("Sent: 3/1/2025");
    await expect(signed).toContainText("Signed: 3/7/2025");
    const sent = card(page, "Jungle Trail");
    await expect(sent).toContainText("Client: Riverside School");
    await expect(sent).toContainText("Sent: 4/2/2025");
    await expect(sent).toContainText("Signed: —");
    const draft = card(page, "Castle Keep");
    await expect(draft).toContainText("Sent: —");
    await expect(draft).toContainText("Signed: —");

    // Draft grey, sent blue, signed green.
    for (const [item, label, variant, colour] of [
      [draft, "Draft", "secondary", /bg-secondary/],
      [sent, "Sent", "info", /text-info/],
      [signed, "Signed", "success", /text-success/],
    ] as const) {
      const badge = item.locator("[data-slot=badge]");
      await expect(badge).toHaveText(label);
      await expect(badge).toHaveAttribute("data-variant", variant);
      await expect(badge).toHaveClass(colour);
    }
    await expectNoSeriousA11yViolations(page, "contracts list");

    // What a filter or search finds is the domain's (contracts.test.ts); here they are kept in the URL.
    await page.getByLabel("Filter by status").selectOption("sent");
    await expect(page).toHaveURL(/status=sent/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Jungle Trail");

    await page.getByLabel("Filter by status").selectOption("");
    await page.getByPlaceholder("Search by project or client...").fill("harbour");
    await expect(page).toHaveURL(/q=harbour/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Pirate Cove");

    await page.goto(`${server.url}/admin/contracts?q=riverside&status=draft`);
    await expect(page.getByLabel("Filter by status")).toHaveValue("draft");
    await expect(page.getByPlaceholder("Search by project or client...")).toHaveValue("riverside");
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("Castle Keep");

    await page.goto(`${server.url}/admin/contracts?q=zzz-nothing`);
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/admin/contracts`);
    await expect(cards(page).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.goto(`${server.url}/admin/contracts/new`);
    await expect(page.getByRole("heading", { name: "New Contract" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});

// Tests that change what they touch: each on rows of its own.
test.describe("contracts", () => {
  const server = useIsolatedServer({ seed });
  test.beforeEach(async ({ page }) => server.signIn(page));

  // A missing project's message is the schema's (schema.test.ts).
  test("create: the project picker, the client follows the project, sent is dated today", async ({ page }) => {
    await page.goto(`${server.url}/admin/contracts`);
    await page.getByRole("link", { name: "New Contract" }).click();
    await expect(page.getByRole("heading", { name: "New Contract" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "new contract form");

    await page.getByRole("button", { name: /^Project/ }).click();
    await page.getByRole("searchbox", { name: "Search projects" }).fill("riverside");
    await expect(page.getByRole("listbox", { name: "Projects" }).getByRole("option")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, "project picker");
    await page.getByRole("option", { name: /Jungle Trail/ }).click();
    await expect(page.getByRole("button", { name: /^Project/ })).toContainText("Jungle Trail");
    await expect(page.getByLabel("Client", { exact: true })).toHaveValue("Riverside School");

    await page.getByLabel("Title or Reference").fill("Phase 2 works order");
    // Date Signed opens only for a signed contract (the date rules: schema.test.ts, contracts.test.ts).
    await expect(page.getByLabel("Date Signed")).toBeDisabled();
    await page.getByLabel("Status").selectOption("signed");
    await expect(page.getByLabel("Date Signed")).toBeEnabled();

    // Sent without a date: the server dates it today.
    await page.getByLabel("Status").selectOption("sent");
    await page.getByLabel("Notes").fill("Chase next week.");
    await page.getByRole("button", { name: "Create Contract" }).click();
    await expect(page).toHaveURL(/\/admin\/contracts$/);
    await expect(toast(page, "Contract created")).toBeVisible();
    const created = card(page, "Phase 2 works order");
    await expect(created).toContainText("Jungle Trail");
    await expect(created.locator("[data-slot=badge]")).toHaveText("Sent");
    await expect(created).toContainText(`Sent: ${todayNumeric()}`);
    await expect(created).toContainText("Signed: —");
    await expect(created).toContainText("No document");
  });

  test("a signed PDF: uploaded with progress, downloaded by staff", async ({ page }) => {
    await page.goto(`${server.url}/admin/contracts`);
    await card(page, "Phase 1 works order").getByRole("link", { name: /^Edit/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/${ORCHARD_SENT}/edit$`));
    await expect(page.getByRole("heading", { name: "Edit Contract" })).toBeVisible();
    await expect(page.getByLabel("Client", { exact: true })).toHaveValue("Orchard Primary");
    await expect(page.getByLabel("Date Sent")).toHaveValue("2025-04-02");
    await expectNoSeriousA11yViolations(page, "edit contract form");

    // A file that is not a PDF, or over 20MB, is refused by contract-documents.test.ts and
    // schema.test.ts; how a form refuses a file before sending it, by clients.spec.ts.
    // A real PDF, padded so the upload takes a moment on a slow link.
    const pdf = Buffer.concat([
      minimalPdf(["Phase 1 works order", "Signed by both parties"]),
      Buffer.alloc(900_000, 0x20),
    ]);
    await page
      .getByLabel("Signed Document")
      .setInputFiles({ name: "Phase 1 signed.pdf", mimeType: "application/pdf", buffer: pdf });
    await page.getByLabel("Status").selectOption("signed");
    await page.getByLabel("Date Signed").fill("2025-04-09");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 150_000,
    });
    await page.getByRole("button", { name: "Update Contract" }).click();
    await expect(page.getByRole("button", { name: "Uploading document..." })).toBeDisabled();
    const progress = page.getByRole("progressbar", { name: "Uploading document" });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow").catch(() => "0")), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page).toHaveURL(/\/admin\/contracts$/, { timeout: 20_000 });
    await expect(toast(page, "Contract updated")).toBeVisible();
    const updated = card(page, "Phase 1 works order");
    await expect(updated.locator("[data-slot=badge]")).toHaveText("Signed");
    await expect(updated).toContainText("Signed: 4/9/2025");

    // Staff download the same bytes, as an attachment with the uploaded name.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      updated.getByRole("link", { name: /^Document/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Phase 1 signed.pdf");
    expect(fs.readFileSync((await download.path())!)).toEqual(pdf);

    // The edit form shows the saved document with its own download.
    await updated.getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByTestId("document-name")).toHaveText("Phase 1 signed.pdf");
    await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute(
      "href",
      `/admin/contracts/${ORCHARD_SENT}/document`,
    );
  });

  test("a signed contract goes back to draft only after a confirmation", async ({ page }) => {
    await page.goto(`${server.url}/admin/contracts/${SIGNED}/edit`);
    await expect(page.getByLabel("Status")).toHaveValue("signed");
    await page.getByLabel("Status").selectOption("draft");
    await page.getByRole("button", { name: "Update Contract" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Move this signed contract back to draft?" })).toBeVisible();
    await expect(dialog).toContainText("This contract is signed. Confirm to move it back to draft.");
    await dialog.getByRole("button", { name: "Keep it signed" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/${SIGNED}/edit$`));

    await page.getByRole("button", { name: "Update Contract" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Move to draft" }).click();
    await expect(page).toHaveURL(/\/admin\/contracts$/);
    await expect(toast(page, "Contract updated")).toBeVisible();
    const moved = card(page, "Installation agreement");
    await expect(moved.locator("[data-slot=badge]")).toHaveText("Draft");
    await expect(moved).toContainText("Sent: 3/1/2025");
    await expect(moved).toContainText("Signed: —");
  });

  test("the project page lists its contracts and starts a new one for it", async ({ page }) => {
    await page.goto(`${server.url}/admin/projects/${WILLOW}/edit`);
    const section = page.getByRole("list", { name: "Project contracts" });
    await expect(section.getByRole("listitem")).toHaveCount(2);
    const first = section.getByRole("listitem").filter({ hasText: "Survey order" });
    await expect(first.locator("[data-slot=badge]")).toHaveText("Signed");
    await expect(first).toContainText("Sent: 4/2/2025 · Signed: 4/9/2025 · Signed document");
    await expectNoSeriousA11yViolations(page, "project page with contracts");

    await page.getByRole("link", { name: "New Contract" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/new\\?projectId=${WILLOW}$`));
    await expect(page.getByRole("button", { name: /^Project/ })).toContainText("Willow Den");
    await expect(page.getByLabel("Client", { exact: true })).toHaveValue("Hilltop Academy");

    await page.goto(`${server.url}/admin/projects/${WILLOW}/edit`);
    await first.getByRole("link", { name: "Survey order" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/contracts/${SURVEY}/edit$`));

    await page.goto(`${server.url}/admin/projects/${FERN}/edit`);
    await expect(page.getByRole("list", { name: "Project contracts" }).getByRole("listitem")).toHaveCount(1);
  });

  test("edit from a card and come back; delete asks first, and the file is no longer served", async ({ page }) => {
    await page.goto(`${server.url}/admin/contracts`);
    await card(page, "Granite Fort").getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByRole("button", { name: /^Project/ })).toContainText("Granite Fort");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/contracts$/);
    await card(page, "Granite Fort").getByRole("link", { name: "Granite Fort", exact: true }).click();
    await page.getByRole("link", { name: "Back to contracts" }).click();
    await expect(page).toHaveURL(/\/admin\/contracts$/);

    // The contract's file is the one its staff download serves.
    const served = await (await page.request.get(`${server.url}/admin/contracts/${GROUNDWORKS}/document`)).body();
    const folder = path.join(server.dataDir, "uploads", "private", "contracts");
    const documentsBefore = storedDocuments(server.dataDir);
    const file = documentsBefore.find((name) => fs.readFileSync(path.join(folder, name)).equals(served));
    expect(file).toMatch(/\.pdf$/);
    await card(page, "Groundworks order")
      .getByRole("button", { name: /^Delete/ })
      .click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Delete this contract?" })).toBeVisible();
    await expect(confirm).toContainText(
      'The contract for "Bramble Camp" and its signed document will be permanently deleted.',
    );
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(card(page, "Groundworks order")).toHaveCount(1);

    await card(page, "Groundworks order")
      .getByRole("button", { name: /^Delete/ })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Contract deleted")).toBeVisible();
    await expect(card(page, "Groundworks order")).toHaveCount(0);
    // Nobody is served the file any more; it is kept while the deletion can be taken back from
    // its history (30 days, decision 0060), then media:gc collects it (history.test.ts proves both).
    expect((await page.request.get(`${server.url}/admin/contracts/${GROUNDWORKS}/document`)).status()).toBe(404);
    expect(storedDocuments(server.dataDir)).toEqual(documentsBefore);
  });
});
