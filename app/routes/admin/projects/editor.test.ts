// The one action behind the project form (new and edit), with real requests.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { expectRefused } from "#tests/helpers/actions";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { cookieHeader, createUser, formRequest } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { readToast } from "~/.server/toast";
import { getProjectForEdit } from "~/domain/projects/projects.server";
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

  test("a save from a stale form: 409, 'Error updating project' with the reason, the form keeps what was typed, and saving again overwrites", async () => {
    const me = await createUser({ role: "staff" });
    const client = await makeClient();
    const path = "/admin/projects/new";
    await projectEditorAction(
      formRequest(path, { title: "Watchtower Hill", clientId: client.id, status: "draft" }, me),
    );
    const [row] = await db().select().from(schema.projects).where(eq(schema.projects.title, "Watchtower Hill"));
    const opened = (await getProjectForEdit(row!.id))!;
    const edit = (themeStyle: string) =>
      projectEditorAction(
        formRequest(
          `/admin/projects/${row!.id}/edit`,
          { title: "Watchtower Hill", clientId: client.id, status: "draft", themeStyle, version: opened.version },
          me,
        ),
        row!.id,
      );
    expect(((await edit("Fairy tale")) as Response).status).toBe(302);
    const answer = await expectRefused(await edit("Medieval"), {
      status: 409,
      title: "Error updating project",
      reason: "Someone else changed this project",
    });
    expect(answer.data.result?.initialValue).toMatchObject({ themeStyle: "Medieval" });

    // The answer carries the current version: saving again after seeing the conflict is a deliberate overwrite.
    expect(answer.data.version).toBe((await getProjectForEdit(row!.id))!.version);
    const again = await projectEditorAction(
      formRequest(
        `/admin/projects/${row!.id}/edit`,
        {
          title: "Watchtower Hill",
          clientId: client.id,
          status: "draft",
          themeStyle: "Medieval",
          version: answer.data.version!,
        },
        me,
      ),
      row!.id,
    );
    expect((again as Response).status).toBe(302);
    expect((await getProjectForEdit(row!.id))!.themeStyle).toBe("Medieval");
  });
});
