// The projects list's Delete with real requests: the toasts a person sees (the
// rule that a project with contracts stays is the domain's: projects.test.ts).
import { describe, expect, test } from "vitest";
import { expectRefused, postToAction } from "#tests/helpers/actions";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContract, makeProject } from "#tests/helpers/factories";
import { toastOf } from "#tests/helpers/toast";
import { createUser } from "#tests/helpers/users";
import { action } from "./list";

withTestDatabase();

describe("deleting from the projects list", () => {
  test("a project with a contract: 'Error deleting project' with the reason; one without: 'Project deleted'", async () => {
    const staff = await createUser({ role: "staff" });
    const client = await makeClient();
    const castle = await makeProject({ title: "Contracted Castle", clientId: client.id });
    await makeContract({ projectId: castle.id });
    const swings = await makeProject({ title: "Spare Swings", clientId: client.id });
    const remove = (id: string) => postToAction(action, "/admin/projects", { intent: "delete", id }, staff);

    await expectRefused(await remove(castle.id), {
      status: 409,
      title: "Error deleting project",
      reason: '"Contracted Castle" has 1 contract, so it cannot be deleted.',
    });
    expect(await toastOf((await remove(swings.id)).init)).toMatchObject({
      type: "success",
      title: "Project deleted",
      description: '"Spare Swings" was deleted.',
    });
  });
});
