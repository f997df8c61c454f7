import { RouterContextProvider, redirect, type ServerBuild } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { logger } from "../logger";
import { requestIdContext } from "./request-context";
import { guardRouteErrors, UNSTORABLE_TEXT_MESSAGE } from "./route-errors";

function buildWith(loader: () => unknown): ServerBuild {
  return { routes: { page: { id: "page", path: "page", module: { loader } } } } as unknown as ServerBuild;
}

async function thrownBy(build: ServerBuild, signal = new AbortController().signal) {
  const context = new RouterContextProvider();
  context.set(requestIdContext, "req-1234");
  try {
    await guardRouteErrors(build).routes.page!.module.loader!({
      request: new Request("http://localhost/page", { signal }),
      params: {},
      context,
    } as never);
  } catch (error) {
    return error as { data: unknown; init: ResponseInit | null };
  }
  throw new Error("expected the loader to throw");
}

describe("route failures", () => {
  test("a database that cannot answer becomes a 503 with Retry-After and the request's reference", async () => {
    vi.spyOn(logger(), "error").mockImplementation(() => {});
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const thrown = await thrownBy(
      buildWith(() => {
        throw new Error("Failed query: select 1", { cause: refused });
      }),
    );
    expect(thrown.data).toEqual({ reason: "database-unavailable", reference: "req-1234" });
    expect(thrown.init?.status).toBe(503);
    expect(new Headers(thrown.init?.headers).get("Retry-After")).toBe("10");
  });

  test("any other failure is logged with the request id and shows it as the reference", async () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => {});
    const thrown = await thrownBy(
      buildWith(() => {
        throw new TypeError("cannot read properties of undefined");
      }),
    );
    expect(thrown.data).toEqual({ reason: "unexpected", reference: "req-1234" });
    expect(thrown.init?.status).toBe(500);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ reqId: "req-1234" }), "request failed");
  });

  test("text the database cannot hold (a NUL a form let through) is the client's 400, with a message", async () => {
    const error = vi.spyOn(logger(), "error").mockImplementation(() => {});
    error.mockClear();
    const nul = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    const thrown = await thrownBy(
      buildWith(() => {
        throw new Error("Failed query: insert into contacts", { cause: nul });
      }),
    );
    expect(thrown.data).toEqual({ message: UNSTORABLE_TEXT_MESSAGE });
    expect(thrown.init?.status).toBe(400);
    expect(error).not.toHaveBeenCalled();
  });

  test("responses a route throws on purpose pass untouched", async () => {
    const response = redirect("/auth");
    expect(
      await thrownBy(
        buildWith(() => {
          throw response;
        }),
      ),
    ).toBe(response);
  });

  test("the build is wrapped once and keeps everything else", () => {
    const build = buildWith(() => "ok");
    expect(guardRouteErrors(build)).toBe(guardRouteErrors(build));
    expect(guardRouteErrors(build).routes.page!.path).toBe("page");
  });
});
