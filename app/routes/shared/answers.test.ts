// The one mapping from domain errors to refusals: what `refused` answers and what it rethrows.
import { expect, test } from "vitest";
import { DuplicateError, InUseError, InvalidInputError, NotFoundError, StaleRecordError } from "~/domain/errors";
import { isRefusal, refused } from "./answers.server";

test("a domain error is a refusal with its status; anything else is rethrown", async () => {
  const refusals: [Error, number][] = [
    [new NotFoundError("Not found."), 404],
    [new StaleRecordError("Changed meanwhile.", "v2"), 409],
    [new DuplicateError("Taken.", "email"), 409],
    [new InvalidInputError("Wrong.", "name"), 409],
    [new InUseError("Used."), 409],
  ];
  for (const [error, status] of refusals) {
    expect(isRefusal(error)).toBe(true);
    expect((await refused(error, { title: null })).init?.status).toBe(status);
  }
  const failure = new Error("disk full");
  expect(isRefusal(failure)).toBe(false);
  await expect(refused(failure, { title: null })).rejects.toBe(failure);
});
