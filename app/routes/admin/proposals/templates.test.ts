// /admin/proposals/templates: the templates with how many sections and lines
// and when each changed; Save as template (posted from a proposal's page: its
// latest version's introduction, sections, lines and terms under a name) and
// Delete, each answered with a toast.
import { beforeAll, describe, expect, test } from "vitest";
import { expectRefused, postToAction } from "#tests/helpers/actions";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient } from "#tests/helpers/factories";
import { loaderArgs } from "#tests/helpers/loader";
import { proposalLine, saveProposalLines } from "#tests/helpers/proposals";
import { toastOf } from "#tests/helpers/toast";
import { createUser, type TestUser } from "#tests/helpers/users";
import { createProposal, getProposal } from "~/domain/proposals/proposals.server";
import { getTemplate } from "~/domain/proposals/templates.server";
import { action, loader } from "./templates";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});

const PATH = "/admin/proposals/templates";
const post = (fields: Record<string, string>, user: TestUser = staff) => postToAction(action, PATH, fields, user);

async function proposalVersion(title: string) {
  const client = await makeClient();
  const { id } = await createProposal({ clientId: client.id, title, userId: null });
  await saveProposalLines(id, [proposalLine("a", { name: "Rope pyramid" }), proposalLine("b", { name: "Sail" })]);
  return (await getProposal(id, "2026-01-01"))!.versions[0]!.id;
}

const list = async () =>
  ((await loader(loaderArgs(PATH, {}, staff))) as { templates: { id: string; name: string }[] }).templates;

describe("proposal templates", () => {
  test("Save as template keeps the introduction, sections, lines and terms; the list counts them", async () => {
    const versionId = await proposalVersion("School trail");
    const answer = (await post({ intent: "save-template", versionId, name: "  School trail  " })) as {
      init?: ResponseInit;
    };
    expect(await toastOf(answer.init)).toMatchObject({
      type: "success",
      title: "Template saved",
      description: 'New proposals can start from "School trail".',
    });
    const [row] = (await list()).filter((template) => template.name === "School trail");
    expect(row).toMatchObject({ name: "School trail", sections: 1, lines: 2, updated: expect.any(String) });
    const template = (await getTemplate(row!.id))!;
    expect(template.content).toMatchObject({
      title: null,
      validUntil: null,
      introduction: "A play trail for the back field.",
      terms: "Half on order, half on completion.",
      sections: [{ id: "equipment", title: "Play equipment" }],
    });
    expect(template.content.lines.map((line) => line.name)).toEqual(["Rope pyramid", "Sail"]);
  });

  test("a name already taken, or none, is refused on the name field", async () => {
    const versionId = await proposalVersion("Twice");
    await post({ intent: "save-template", versionId, name: "Twice" });
    await expectRefused(await post({ intent: "save-template", versionId, name: "Twice" }), {
      status: 409,
      title: "Error saving template",
      reason: "A template with this name already exists",
    });
    const blank = (await post({ intent: "save-template", versionId, name: " " })) as {
      data: { result?: { error?: Record<string, string[]> } };
      init?: ResponseInit;
    };
    expect(blank.init?.status).toBe(400);
    expect(blank.data.result?.error?.name).toEqual(["Template name is required"]);
  });

  test("Delete removes the template with a toast; a client's account is sent away", async () => {
    const versionId = await proposalVersion("Short lived");
    await post({ intent: "save-template", versionId, name: "Short lived" });
    const [row] = (await list()).filter((template) => template.name === "Short lived");
    const answer = (await post({ intent: "delete", id: row!.id })) as { init?: ResponseInit };
    expect(await toastOf(answer.init)).toMatchObject({
      type: "success",
      title: "Template deleted",
      description: '"Short lived" was deleted.',
    });
    expect(await getTemplate(row!.id)).toBeNull();
    await expectRefused(await post({ intent: "delete", id: row!.id }), {
      status: 404,
      title: "Error deleting template",
      reason: "This template no longer exists.",
    });
    const client = await createUser({ role: "client" });
    await expect(post({ intent: "delete", id: row!.id }, client)).rejects.toMatchObject({ status: 302 });
  });
});
