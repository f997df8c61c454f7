// Team → Invitations: invite → accept → signed in with the role; revoke.
import { mailedLink, newAccount, sharedServer } from "./support/accounts";
import { expect, test, toast } from "./support/fixtures";
import { ADMIN_STATE } from "./support/paths";
import { checkAtBothWidths } from "./support/screens";

test.use({ storageState: ADMIN_STATE });

test("an invited colleague sets a name and password and lands signed in as staff, verified; the link works once; a revoked one never", async ({
  page,
  browser,
}) => {
  test.slow();
  const server = sharedServer();
  const colleague = newAccount("Invited");
  await page.goto("/admin/settings/team");
  const invitations = page.getByRole("region", { name: "Invitations" });
  await invitations.getByLabel("Email").fill(colleague.email);
  await invitations.getByLabel("Role").selectOption("staff");
  await invitations.getByRole("button", { name: "Send Invitation" }).click();
  await expect(toast(page, "Invitation sent")).toBeVisible();
  await expect(invitations.getByRole("list", { name: "Open invitations" })).toContainText(colleague.email);
  await checkAtBothWidths(page, "team-invitations");

  // A revoked invitation's link no longer works (every refusal: invitations.test.ts).
  const revoked = newAccount("Revoked");
  await invitations.getByLabel("Email").fill(revoked.email);
  await invitations.getByLabel("Role").selectOption("admin");
  await invitations.getByRole("button", { name: "Send Invitation" }).click();
  await expect(invitations.getByRole("list", { name: "Open invitations" })).toContainText(revoked.email);
  await invitations.getByRole("button", { name: `Revoke the invitation of ${revoked.email}` }).click();
  await expect(toast(page, "Invitation revoked")).toBeVisible();
  await expect(invitations).not.toContainText(revoked.email);
  const revokedLink = new URL(mailedLink(server.dataDir, revoked.email, "/auth/invitation"));

  const { pathname, search } = new URL(mailedLink(server.dataDir, colleague.email, "/auth/invitation"));
  const theirs = await browser.newContext({ storageState: undefined });
  const invitee = await theirs.newPage();
  await invitee.goto(`${server.url}${revokedLink.pathname}${revokedLink.search}`);
  await expect(invitee.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await invitee.goto(`${server.url}${pathname}${search}`);
  await expect(invitee.getByRole("heading", { name: "Join Project Library" })).toBeVisible();
  await expect(invitee.getByText(`to join as staff`)).toBeVisible();
  await checkAtBothWidths(invitee, "invitation");
  await invitee.getByLabel("Full Name").fill(colleague.name);
  await invitee.getByLabel("Password", { exact: true }).fill(colleague.password);
  await invitee.getByLabel("Confirm Password").fill(colleague.password);
  await invitee.getByRole("button", { name: "Join Project Library" }).click();
  await expect(invitee).toHaveURL(`${server.url}/admin`);
  await expect(toast(invitee, "Welcome to Project Library")).toBeVisible();
  await expect(invitee.getByText("Total Clients")).toBeVisible();

  await invitee.goto(`${server.url}${pathname}${search}`);
  await expect(invitee.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await checkAtBothWidths(invitee, "invitation-used");
  await theirs.close();

  await page.reload();
  const row = page.getByRole("region", { name: "Team" }).getByRole("row").filter({ hasText: colleague.email });
  await expect(row).toContainText("Staff");
  await expect(row).toContainText("Verified");
  await expect(invitations).not.toContainText(colleague.email);
});
