// The mail of a sent proposal: each recipient gets the company's branded mail
// with the link to the proposal in the portal, and no price.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailsTo } from "#tests/helpers/outbox";
import { db, schema } from "~/.server/db";
import { appOrigin } from "~/.server/env";
import { mailSentProposal } from "./sent-mail.server";

withTestDatabase();

describe("the mail of a sent proposal", () => {
  test("each recipient gets the company's mail with the portal link, the version and the last day, and no price", async () => {
    await db()
      .insert(schema.companySettings)
      .values({ id: 1, name: "Acme Play Ltd" })
      .onConflictDoUpdate({ target: schema.companySettings.id, set: { name: "Acme Play Ltd" } });
    const id = "0b5a3c1e-1111-4000-8000-000000000041";
    const result = await mailSentProposal({ id, title: "Northtown play trail", number: 2, validUntil: "2026-12-31" }, [
      { name: "Ada Buyer", email: "ada@northtown-mail.test" },
      { name: "Ben Bursar", email: "ben@northtown-mail.test" },
    ]);
    expect(result).toEqual({ mailed: 2 });
    for (const [name, address] of [
      ["Ada Buyer", "ada@northtown-mail.test"],
      ["Ben Bursar", "ben@northtown-mail.test"],
    ]) {
      const [mail] = mailsTo(address!);
      expect(mail?.subject).toBe("Revised proposal: Northtown play trail");
      expect(mail?.text).toContain(`Hello ${name},`);
      expect(mail?.text).toContain("version 2");
      expect(mail?.text).toContain("December 31, 2026");
      expect(mail?.text).toContain(`${appOrigin()}/portal/proposals/${id}`);
      expect(mail?.text).toContain("— Acme Play Ltd");
      expect(mail?.text).not.toMatch(/[£$€]\s?\d/);
    }
  });
});
