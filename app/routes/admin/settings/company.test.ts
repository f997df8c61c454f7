// The Company settings screen's loader and action: administrators only.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, request } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { getCompanyForEdit } from "~/domain/company/company.server";
import { companySettingsAction, loadCompanySettings } from "./company.server";

withTestDatabase();

describe("company settings", () => {
  test("only administrators may read or change them", async () => {
    const admin = await createUser(); // the first account is the administrator
    const staff = await createUser({ role: "staff" });
    await expect(loadCompanySettings(request("/admin/settings/company", { user: staff }))).rejects.toMatchObject({
      init: { status: 403 },
    });
    await expect(
      companySettingsAction(formRequest("/admin/settings/company", { name: "Hijacked" }, staff)),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect((await getCompanyForEdit()).details.name).not.toBe("Hijacked");

    const { version } = await getCompanyForEdit();
    const response = await companySettingsAction(
      formRequest("/admin/settings/company", { name: "Ours", ...(version ? { version } : {}) }, admin),
    );
    expect(response).toMatchObject({ init: { headers: expect.anything() } });
    const [row] = await db().select().from(schema.companySettings).where(eq(schema.companySettings.id, 1));
    expect(row?.name).toBe("Ours");
    expect(await toastOf(response.init)).toMatchObject({ title: "Company details saved" });
  });
});
