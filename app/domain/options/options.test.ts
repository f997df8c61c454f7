import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeOption, makeProject } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { DuplicateError, StaleRecordError } from "../errors";
import { createOption, deleteOption, listOptions, updateOption } from "./options.server";
import { optionFormSchema } from "./schema";

withTestDatabase();

/** A posted Add Option form, read as the route reads it (Conform: a blank input arrives as nothing). */
function parseCreate(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "create", ...fields })) form.set(name, value);
  const submission = parseWithZod(form, { schema: optionFormSchema });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  if (submission.value.intent !== "create") throw new Error("unexpected intent");
  return submission.value;
}

describe("playground options", () => {
  test("an empty category is saved as General; a blank name is refused", async () => {
    const user = await createUser();
    expect(optionFormSchema.safeParse({ intent: "create", optionName: "  " }).error?.issues[0]?.message).toBe(
      "Name is required",
    );
    const { id } = await createOption(parseCreate({ optionName: "Spiral Slide", optionCategory: "" }), user.id);
    const option = (await listOptions()).find((o) => o.id === id);
    expect(option).toMatchObject({
      optionName: "Spiral Slide",
      optionCategory: "General",
      description: null,
      image: null,
    });
  });

  test("names are unique", async () => {
    const user = await createUser();
    await createOption(parseCreate({ optionName: "Zip Line" }), user.id);
    await expect(createOption(parseCreate({ optionName: "Zip Line" }), user.id)).rejects.toThrow(
      new DuplicateError('An option named "Zip Line" already exists.', "optionName"),
    );
  });

  test("a stale edit is refused", async () => {
    const option = await makeOption({ optionName: "Sandbox" });
    const version = option.updatedAt.toISOString();
    const values = { optionName: "Sand Pit", optionCategory: "Ground", description: null };
    await updateOption(option.id, version, values);
    await expect(updateOption(option.id, version, { ...values, optionName: "Sand Box" })).rejects.toBeInstanceOf(
      StaleRecordError,
    );
  });

  test("deleting says how many projects lose the option, and they do", async () => {
    const option = await makeOption({ optionName: "Rock Wall" });
    const client = await makeClient();
    for (let i = 0; i < 2; i++) {
      const project = await makeProject({ clientId: client.id });
      await db().insert(schema.projectOptions).values({ projectId: project.id, optionId: option.id });
    }
    expect((await listOptions()).find((o) => o.id === option.id)?.projectCount).toBe(2);
    expect(await deleteOption(option.id)).toEqual({ name: "Rock Wall", projectsAffected: 2 });
    expect(await db().select().from(schema.projectOptions)).toEqual([]);
  });
});
