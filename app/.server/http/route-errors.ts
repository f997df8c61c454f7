// Every loader, action and middleware fails through here: a database outage is a 503 page (logged once per
// outage), a NUL character a 400, anything else logged with the reference its page shows. Thrown answers pass.
import { data, type RouterContextProvider, type ServerBuild } from "react-router";
import { isUnstorableText } from "../db/errors";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, noteDatabaseUnavailable } from "../db/unavailable";
import { logger } from "../logger";
import { requestIdContext } from "./request-context";

/** What an error page receives from a failed request (ErrorBoundary's `error.data`). */
export interface FailureData {
  reason: "database-unavailable" | "unexpected";
  reference: string;
}

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

function referenceOf(context: Readonly<RouterContextProvider>): string {
  try {
    return context.get(requestIdContext);
  } catch {
    return "unknown";
  }
}

export const UNSTORABLE_TEXT_MESSAGE = "The request contains a NUL character, which cannot be saved or searched for.";

export function toRouteFailure(error: unknown, args: Args): unknown {
  // Thrown Responses and data() are answers, not failures; an aborted request has nobody to answer.
  if (!(error instanceof Error) || args.request.signal.aborted) return error;
  const reference = referenceOf(args.context);
  if (isDatabaseUnavailable(error)) {
    noteDatabaseUnavailable(error);
    return data<FailureData>(
      { reason: "database-unavailable", reference },
      { status: 503, headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
  if (isUnstorableText(error)) return data({ message: UNSTORABLE_TEXT_MESSAGE }, { status: 400 });
  logger().error({ err: error, reqId: reference, path: new URL(args.request.url).pathname }, "request failed");
  return data<FailureData>({ reason: "unexpected", reference }, { status: 500 });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wraps functions of every route's own type
type AnyFunction = (args: any, ...rest: any[]) => unknown;

function guard<F extends AnyFunction>(fn: F): F {
  return (async (args: Args, ...rest: unknown[]) => {
    try {
      return await fn(args, ...rest);
    } catch (error) {
      throw toRouteFailure(error, args);
    }
  }) as F;
}

/** The loader of a route that only takes posts: its access checks (parent middleware) run first. */
function postOnly(): Response {
  return new Response("Send this form with POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const guarded = new WeakMap<ServerBuild, ServerBuild>();

/** The same build whose route modules' loaders, actions and middleware go through toRouteFailure. */
export function guardRouteErrors(build: ServerBuild): ServerBuild {
  let result = guarded.get(build);
  if (!result) {
    const routes: ServerBuild["routes"] = {};
    for (const [id, route] of Object.entries(build.routes)) {
      if (!route) continue;
      const { module } = route;
      const onlyPosts = module.action && !module.loader && !module.default;
      routes[id] = {
        ...route,
        module: {
          ...module,
          ...(module.loader ? { loader: guard(module.loader) } : onlyPosts ? { loader: postOnly } : {}),
          ...(module.action ? { action: guard(module.action) } : {}),
          ...(module.middleware ? { middleware: module.middleware.map(guard) } : {}),
        },
      };
    }
    result = { ...build, routes };
    guarded.set(build, result);
  }
  return result;
}
