// Mails name the company (Settings → Company), never the product: account
// mails in their subject and text, every mail in its sender's name.
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailsTo } from "#tests/helpers/outbox";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { invite } from "~/domain/users/invitations.server";
import { requestPasswordReset } from "~/domain/users/password-reset.server";
import { nameMailsAfterTheCompany } from "./company.server";

withTestDatabase();

// What the server does at start (app/entry.server.tsx).
beforeAll(() => nameMailsAfterTheCompany());

let count = 0;
async function resetAndInvitation() {
  const user = await createUser();
  const admin = await createUser({ role: "admin", name: "Dana Admin" });
  await requestPasswordReset({ email: user.email, ip: `198.51.100.${++count}` });
  const invitee = `invitee-${++count}@example.com`;
  expect(await invite(admin, { email: invitee, role: "staff" })).toEqual({ ok: true });
  return { reset: mailsTo(user.email).at(-1)!, invitation: mailsTo(invitee).at(-1)! };
}

describe("mails", () => {
  test("without a company name: 'Project Library' in the words, MAIL_FROM as the sender", async () => {
    const { reset, invitation } = await resetAndInvitation();
    expect(reset.subject).toBe("Reset your Project Library password");
    expect(invitation.subject).toBe("Dana Admin invited you to Project Library");
    for (const mail of [reset, invitation]) {
      expect(mail.from).toBe("Playfolio <no-reply@playfolio.local>");
      expect(`${mail.subject}\n${mail.text}`).not.toContain("Playfolio");
    }
  });

  test("with Settings → Company's name: in the subject, the text and the sender's name", async () => {
    await db().insert(schema.companySettings).values({ id: 1, name: "Acme Play" });
    const { reset, invitation } = await resetAndInvitation();
    expect(reset.subject).toBe("Reset your Acme Play password");
    expect(reset.text).toContain("for your Acme Play account");
    expect(invitation.subject).toBe("Dana Admin invited you to Acme Play");
    expect(invitation.text).toContain("invited you to join Acme Play as a staff member");
    for (const mail of [reset, invitation]) {
      expect(mail.from).toBe('"Acme Play" <no-reply@playfolio.local>');
      expect(`${mail.subject}\n${mail.text}`).not.toContain("Playfolio");
    }
  });
});
