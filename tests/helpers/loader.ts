// A route loader's answer in a test, whatever form it takes: data(), a plain
// object, a Response, or a thrown one.
import { RouterContextProvider } from "react-router";
import { request, type TestUser } from "./users";

export type Loaded = { status: number; data: Record<string, unknown> | null; text: string };

export async function settle(run: () => unknown): Promise<Loaded> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, data: null, text };
  }
  const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    const data = wrapped.data as Record<string, unknown>;
    return { status: wrapped.init?.status ?? 200, data, text: JSON.stringify(data) };
  }
  return { status: 200, data: result as Record<string, unknown>, text: JSON.stringify(result) };
}

/**
 * A loader's arguments for a GET of `path` (signed in as `user`, if given), with a fresh context
 * (given one, the values the test set in it: what Express hands the loader, e.g. servedAsContext).
 */
export const loaderArgs = (
  path: string,
  params: Record<string, string>,
  user?: TestUser,
  context: RouterContextProvider = new RouterContextProvider(),
) => ({ request: request(path, { user }), params, context, unstable_pattern: "" }) as never;
