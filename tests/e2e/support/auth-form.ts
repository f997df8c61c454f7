// The /auth page's Sign Up form, filled in as a person would (the submit is the caller's).
import type { Locator, Page } from "@playwright/test";
import type { Account } from "./accounts";

export async function fillSignUp(
  page: Page,
  account: Pick<Account, "name" | "email" | "password">,
  /** A server of the spec's own; the shared one by default. */
  origin = "",
): Promise<Locator> {
  await page.goto(`${origin}/auth`);
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const form = page.locator("#sign-up");
  await form.getByLabel("Full Name").fill(account.name);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByLabel("Confirm Password").fill(account.password);
  return form;
}
