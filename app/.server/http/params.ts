// Route params checked before they reach SQL: a malformed id is a 404, not a 500.
import { isUuid } from "~/lib/uuid";
import { invariantResponse } from "./invariant";

/** The spec's words for a record that is not there (any more). */
export const missingMessage = (thing: string) => `This ${thing} does not exist (it may have been deleted).`;

export function uuidParam(value: string | undefined, thing: string): string {
  const id = isUuid(value) ? value : undefined;
  invariantResponse(id, missingMessage(thing));
  return id;
}
