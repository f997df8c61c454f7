// A route module's action called as React Router calls it, with a posted form,
// and what a refused action answers.
import { RouterContextProvider } from "react-router";
import { expect } from "vitest";
import { toastOf } from "./toast";
import { formRequest, type TestUser } from "./users";

export function postToAction<Action extends (args: never) => unknown>(
  action: Action,
  path: string,
  fields: Record<string, string>,
  user?: TestUser,
): ReturnType<Action> {
  const request = formRequest(path, fields, user);
  const args = { request, params: {}, context: new RouterContextProvider(), url: new URL(request.url), pattern: path };
  return action(args as unknown as Parameters<Action>[0]) as ReturnType<Action>;
}

/**
 * An action's refusal: not a redirect but the form's answer, with `status` and an error toast
 * titled `title` whose description contains `reason`. Returns the answer for further checks.
 */
export async function expectRefused<Answer>(
  answer: Answer | Response,
  { status, title, reason }: { status: number; title: string; reason: string },
) {
  expect(answer).not.toBeInstanceOf(Response);
  const refused = answer as Answer & { init?: ResponseInit | null };
  expect(refused.init?.status).toBe(status);
  expect(await toastOf(refused.init)).toMatchObject({
    type: "error",
    title,
    description: expect.stringContaining(reason),
  });
  return refused as Answer;
}
