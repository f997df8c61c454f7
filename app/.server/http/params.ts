// Route params checked before they reach SQL: a malformed id is a 404, not a 500.
import { data } from "react-router";
import { z } from "zod";

const uuid = z.uuid();

export function uuidParam(value: string | undefined, thing: string): string {
  if (!uuid.safeParse(value).success) {
    throw data({ message: `This ${thing} does not exist (it may have been deleted).` }, { status: 404 });
  }
  return value!;
}
