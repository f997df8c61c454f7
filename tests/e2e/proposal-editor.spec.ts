// A proposal from an inquiry, in the admin, as staff make one: "Create
// proposal" on the inquiry, the new proposal's form prefilled, then the editor
// (a section, a line from the catalogue with its description copied in, a free
// line with an amount off, an optional line, a percent discount, two tax
// rates), a refused save that loses nothing, the save, and the exact totals the
// server priced; the inquiry lists it and the list shows its total. At 1440 and
// 390 px, axe clean. The arithmetic is proved in totals.test.ts, the rules in
// drafts.test.ts and the route tests.
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, test, toast, waitForHydration } from "./support/fixtures";
import { useIsolatedServer } from "./support/isolated";
import { checkAtBothWidths } from "./support/screens";

const CLIENT = "c4111111-1111-4111-8111-111111111111";
const INQUIRY = "f4111111-1111-4111-8111-111111111111";

const server = useIsolatedServer({
  async seed({ make }) {
    await make.client({ id: CLIENT, name: "Maple Primary" });
    await make.project({ title: "Maple back field", clientId: CLIENT });
    await make.inquiry({
      id: INQUIRY,
      name: "Robin Reed",
      organisation: "Maple Primary",
      status: "won",
      clientId: CLIENT,
    });
    await make.option({
      optionName: "Rope pyramid",
      optionCategory: "Climbing",
      description: "A six-metre rope pyramid for ages 5 to 12.",
    });
  },
});

const line = (page: Page, number: number) => page.getByRole("group", { name: `Line ${number}` });

async function fillLine(
  row: Locator,
  values: { name?: string; quantity?: string; price: string; tax: string; discount?: [string, string] },
) {
  if (values.name) await row.getByLabel("Name").fill(values.name);
  if (values.quantity) await row.getByLabel("Quantity").fill(values.quantity);
  await row.getByLabel("Unit price (USD)").fill(values.price);
  if (values.discount) {
    await row.getByLabel("Discount", { exact: true }).selectOption(values.discount[0]);
    await row.getByLabel(/^Discount \(/).fill(values.discount[1]);
  }
  await row.getByLabel("Tax rate (%)").fill(values.tax);
}

test("from an inquiry to a priced draft: catalogue, free and optional lines, discounts and two tax rates", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await server.signIn(page);
  await page.goto(`${server.url}/admin/inquiries/${INQUIRY}`);
  await expect(page.getByText("No proposals yet.")).toBeVisible();
  await page.getByRole("link", { name: "Create proposal" }).click();

  await expect(page.getByRole("heading", { name: "New Proposal", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Client")).toHaveValue(CLIENT);
  await expect(page.getByLabel("Title")).toHaveValue("Playground proposal for Maple Primary");
  await checkAtBothWidths(page, "proposal-new");
  await waitForHydration(page);
  await page.getByLabel("Project").selectOption({ label: "Maple back field" });
  await page.getByRole("button", { name: "Create Proposal" }).click();

  await expect(toast(page, "Proposal created")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Edit Proposal", level: 1 })).toBeVisible();
  await expect(page.getByText("Maple Primary · v1 (draft)")).toBeVisible();
  await expect(page.getByLabel("Project")).toHaveValue(/.+/);
  await waitForHydration(page);

  // Equipment: a catalogue line, its description copied in, 2 × 1,250.00 less 10 %, tax 20 %.
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(page.getByLabel("Section title")).toBeFocused();
  await page.keyboard.type("Equipment");
  const equipment = page.getByRole("region", { name: "Equipment" });
  await equipment.getByLabel("Catalogue option").selectOption({ label: "Rope pyramid" });
  await equipment.getByRole("button", { name: "Add from catalogue" }).click();
  await expect(line(page, 1).getByLabel("Name")).toHaveValue("Rope pyramid");
  await expect(line(page, 1).getByLabel("Description")).toHaveValue("A six-metre rope pyramid for ages 5 to 12.");
  await expect(line(page, 1).getByLabel("Unit price (USD)")).toBeFocused();
  await fillLine(line(page, 1), { quantity: "2", price: "1,250.00", tax: "20", discount: ["percent", "10"] });
  await expect(line(page, 1)).toContainText("Before tax: $2,250.00");

  // An optional shade sail the buyer may choose: 600.00 plus 20 %.
  await equipment.getByRole("button", { name: "Add line" }).click();
  await expect(line(page, 2).getByLabel("Name")).toBeFocused();
  await fillLine(line(page, 2), { name: "Shade sail", price: "600", tax: "20" });
  await line(page, 2).getByLabel("Optional: the buyer may choose it").check();

  // Installation: a free line, 800.00 less 50.00, tax 5 %.
  await page.getByRole("button", { name: "Add section" }).click();
  await page.keyboard.type("Installation");
  const installation = page.getByRole("region", { name: "Installation" });
  await installation.getByRole("button", { name: "Add line" }).click();
  await fillLine(line(page, 3), {
    name: "Installation and groundworks",
    price: "800.005",
    tax: "5",
    discount: ["amount", "50"],
  });

  // A price with a third decimal is refused beside its field; nothing typed is lost.
  await page.getByRole("button", { name: "Save draft" }).click();
  const price = line(page, 3).getByLabel("Unit price (USD)");
  await expect(price).toBeFocused();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(line(page, 3).getByText("USD prices have at most 2 decimals")).toBeVisible();
  await expect(line(page, 1).getByLabel("Quantity")).toHaveValue("2");
  await price.fill("800.00");
  await expect(line(page, 3).getByText("USD prices have at most 2 decimals")).toBeHidden();

  // 2,250.00 + 750.00 before tax; 20 % of 2,250.00 is 450.00, 5 % of 750.00 is 37.50.
  const totals = page.getByRole("region", { name: "Totals" });
  await expect(totals).toContainText("Subtotal$3,300.00");
  await expect(totals).toContainText("Discounts−$300.00");
  await expect(totals).toContainText("Tax 5% on $750.00$37.50");
  await expect(totals).toContainText("Tax 20% on $2,250.00$450.00");
  await expect(totals).toContainText("Total$3,487.50");
  await expect(totals).toContainText("Not included: 1 optional line, $720.00 with tax if chosen.");

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toast(page, "Proposal saved")).toBeVisible();

  // Read back from the server: the same lines and totals, in the company's currency.
  await page.reload();
  await waitForHydration(page);
  await expect(line(page, 3).getByLabel("Unit price (USD)")).toHaveValue("800.00");
  await expect(line(page, 2).getByLabel("Optional: the buyer may choose it")).toBeChecked();
  await expect(page.getByRole("region", { name: "Installation" })).toContainText(
    "Section subtotal, before tax: $750.00",
  );
  await expect(page.getByRole("region", { name: "Equipment" })).toContainText(
    "Section subtotal, before tax: $2,250.00",
  );
  await expect(totals).toContainText("Total$3,487.50");
  await checkAtBothWidths(page, "proposal-editor");

  // The inquiry lists it; the list shows its total.
  await page.goto(`${server.url}/admin/inquiries/${INQUIRY}`);
  await expect(page.getByRole("list", { name: "Proposals for this inquiry" })).toContainText(
    "Playground proposal for Maple Primary",
  );
  await page.goto(`${server.url}/admin/proposals`);
  const row = page.getByRole("row", { name: /Playground proposal for Maple Primary/ });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("v1 (draft)");
  await expect(row).toContainText("$3,487.50");
  await expectNoSeriousA11yViolations(page, "proposals list");
});
