import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser, formRequest, request } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { readToast } from "~/.server/toast";
import { action, loader } from "~/routes/admin/settings/company";
import { StaleRecordError } from "../errors";
import { companyDetails, getCompanyForEdit, saveCompany } from "./company.server";
import { companyFormSchema } from "./schema";

withTestDatabase();

// What React Router passes a route's loader and action; these only read the request.
const routeArgs = (req: Request) =>
  ({ request: req, params: {}, url: new URL(req.url), pattern: "/admin/settings/company" }) as unknown as Parameters<
    typeof action
  >[0];

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

  test("only administrators may read or change them", async () => {
    const admin = await createUser(); // the first account is the administrator
    const staff = await createUser({ role: "staff" });
    await expect(loader(routeArgs(request("/admin/settings/company", { user: staff })))).rejects.toMatchObject({
      init: { status: 403 },
    });
    await expect(
      action(routeArgs(formRequest("/admin/settings/company", { name: "Hijacked" }, staff))),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect((await getCompanyForEdit()).details.name).not.toBe("Hijacked");

    const { version } = await getCompanyForEdit();
    const response = await action(
      routeArgs(formRequest("/admin/settings/company", { name: "Ours", ...(version ? { version } : {}) }, admin)),
    );
    expect(response).toMatchObject({ init: { headers: expect.anything() } });
    const [row] = await db().select().from(schema.companySettings).where(eq(schema.companySettings.id, 1));
    expect(row?.name).toBe("Ours");
    const headers = new Headers((response as { init: ResponseInit }).init.headers);
    expect(
      await readToast(new Request("http://localhost/", { headers: { Cookie: headers.get("Set-Cookie")! } })),
    ).toMatchObject({
      toast: { title: "Company details saved" },
    });
  });
});
