import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { db, schema } from "~/.server/db";
import { StaleRecordError } from "../errors";
import { companyDetails, getCompanyForEdit, saveCompany } from "./company.server";
import { companyFormSchema } from "./schema";

withTestDatabase();

describe("company details", () => {
  test("the first save creates the one row; later saves need the version they started from", async () => {
    expect(await getCompanyForEdit()).toMatchObject({ version: null, details: { name: null, logo: null } });
    await saveCompany(companyFormSchema.parse({ name: "Brightside Play Co.", phone: "+44 1423 000 000" }));
    const first = await getCompanyForEdit();
    expect(first.details).toMatchObject({ name: "Brightside Play Co.", phone: "+44 1423 000 000", address: null });
    expect(first.version).toEqual(expect.any(String));

    await saveCompany(companyFormSchema.parse({ name: "Brightside Playgrounds", version: first.version }));
    // A second editor still holding the first version is refused, not silently overwritten.
    await expect(
      saveCompany(companyFormSchema.parse({ name: "Stale Name", version: first.version })),
    ).rejects.toBeInstanceOf(StaleRecordError);
    expect((await getCompanyForEdit()).details.name).toBe("Brightside Playgrounds");
    expect(await db().select().from(schema.companySettings)).toHaveLength(1);
  });

  test("links must be http(s): the form says 'Invalid URL', and a stored bad link never reaches a page", () => {
    const parsed = companyFormSchema.safeParse({ facebookUrl: "javascript:alert(1)", linkedinUrl: "ftp://x.example" });
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["facebookUrl", "Invalid URL"],
      ["linkedinUrl", "Invalid URL"],
    ]);
    expect(
      companyDetails({ facebookUrl: "javascript:alert(1)", instagramUrl: "https://instagram.example/play" }),
    ).toMatchObject({ facebookUrl: null, instagramUrl: "https://instagram.example/play" });
  });

  test("the proposals' currency and locale: USD and en-US until set; an unknown code or locale is refused", async () => {
    expect((await getCompanyForEdit()).money).toEqual({ currency: "USD", locale: "en-US" });
    const { version } = await getCompanyForEdit();
    await saveCompany(companyFormSchema.parse({ currency: " eur ", locale: "de-de", version: version ?? undefined }));
    expect((await getCompanyForEdit()).money).toEqual({ currency: "EUR", locale: "de-DE" });
    // A save without them (an older form) leaves them as they are.
    await saveCompany(companyFormSchema.parse({ name: "Same", version: (await getCompanyForEdit()).version! }));
    expect((await getCompanyForEdit()).money).toEqual({ currency: "EUR", locale: "de-DE" });

    const refused = companyFormSchema.safeParse({ currency: "EURO", locale: "not a locale" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["currency", "Enter a currency's ISO code, such as USD, EUR or GBP"],
      ["locale", "Enter a locale, such as en-US, en-GB or de-DE"],
    ]);
    expect(companyFormSchema.safeParse({ currency: "XYZ" }).success).toBe(false);
  });
});
