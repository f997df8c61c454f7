// One way to answer "not found" (or another refusal) from a loader or action:
// throws a response the error boundary shows, in the spec's words.
import { data } from "react-router";

/** Throws `{ message }` with status 404 (or `status`) unless `value` is truthy. */
export function invariantResponse(value: unknown, message: string, status = 404): asserts value {
  if (!value) throw data({ message }, { status });
}

/** For a page that renders its own "not found" text: the response init that still makes it a real 404. */
export function found(value: unknown): ResponseInit | undefined {
  return value ? undefined : { status: 404 };
}
