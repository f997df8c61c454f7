// The one action behind the project form (new and edit), with real requests.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { cookieHeader, createUser, formRequest } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { readToast } from "~/.server/toast";
import { projectEditorAction } from "./editor.server";

withTestDatabase();

describe("projectEditorAction", () => {
  test("the action answers the form: 400 with messages, then a redirect with the spec's toast", async () => {
    const me = await createUser({ role: "staff" });
    const client = await makeClient();
    const invalid = await projectEditorAction(formRequest("/admin/projects/new", { title: "" }, me));
    expect(invalid).toMatchObject({ init: { status: 400 } });
    const response = (await projectEditorAction(
      formRequest("/admin/projects/new", { title: "Via The Action", clientId: client.id, status: "planning" }, me),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/projects");
    const flash = new Request("http://localhost/", {
      headers: { Cookie: cookieHeader(response.headers.getSetCookie()) },
    });
    expect((await readToast(flash)).toast).toMatchObject({ type: "success", title: "Project created successfully" });
    const [row] = await db().select().from(schema.projects).where(eq(schema.projects.title, "Via The Action"));
    expect(row).toMatchObject({ status: "planning", createdBy: me.id });
  });
});
