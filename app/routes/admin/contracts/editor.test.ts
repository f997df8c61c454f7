// The contract screens' actions with real requests: what a person is told when
// someone else saved or deleted the contract first (the rules themselves are
// the domain's: contracts.test.ts).
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContract, makeProject } from "#tests/helpers/factories";
import { expectRefused, postToAction } from "#tests/helpers/actions";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, type TestUser } from "#tests/helpers/users";
import { getContractForEdit } from "~/domain/contracts/contracts.server";
import { contractEditorAction } from "./editor.server";
import { action as contractsListAction } from "./list";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser({ role: "staff" });
});

const newProject = async () => makeProject({ clientId: (await makeClient()).id });

describe("contract actions", () => {
  test("a save from a stale form: 409, 'Error saving contract' with the reason, and the form keeps what was typed", async () => {
    const project = await newProject();
    const { id } = await makeContract({ projectId: project.id, notes: "Theirs" });
    const opened = (await getContractForEdit(id))!;
    const edit = (notes: string) =>
      contractEditorAction(
        formRequest(
          `/admin/contracts/${id}/edit`,
          { projectId: project.id, status: "draft", notes, version: opened.version },
          staff,
        ),
        new RouterContextProvider(),
        id,
      );
    expect(((await edit("First")) as Response).status).toBe(302);

    const answer = await expectRefused(await edit("Mine"), {
      status: 409,
      title: "Error saving contract",
      reason: "Someone else changed this contract",
    });
    expect(answer.data.result?.initialValue).toMatchObject({ notes: "Mine" });
    expect((await getContractForEdit(id))?.notes).toBe("First");
  });

  test("deleting a contract someone else already deleted: 'Error deleting contract', it no longer exists", async () => {
    const project = await newProject();
    const { id } = await makeContract({ projectId: project.id });
    const remove = () => postToAction(contractsListAction, "/admin/contracts", { intent: "delete", id }, staff);
    expect(await toastOf((await remove()).init)).toMatchObject({ type: "success", title: "Contract deleted" });

    await expectRefused(await remove(), {
      status: 404,
      title: "Error deleting contract",
      reason: "This contract no longer exists.",
    });
  });
});
