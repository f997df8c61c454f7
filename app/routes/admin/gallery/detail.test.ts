// The action behind /admin/gallery/:slug with real requests: what it answers to
// an intent it does not know.
import { beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, type TestUser } from "#tests/helpers/users";
import { galleryDetailAction } from "./detail.server";

withTestDatabase();

let staff: TestUser;
beforeAll(async () => {
  staff = await createUser();
});

async function post(fields: Record<string, string>) {
  const result = await galleryDetailAction(formRequest("/admin/gallery/featured", fields, staff));
  return { status: result.init?.status ?? 200, toast: await toastOf(result.init) };
}

describe("gallery projects action", () => {
  test("an unknown intent is a 400 with a toast, names every plain object answers to included (they were a 500)", async () => {
    for (const intent of ["explode", "toString", "constructor", "__proto__", "valueOf"]) {
      expect(await post({ intent, projectIds: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
        status: 400,
        toast: { type: "error", title: "Error" },
      });
    }
  });
});
