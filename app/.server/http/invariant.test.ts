// A 404 is logged so broken links can be found, by path and referring page only: a query string
// (a search, a sign-in link's token) never reaches the log.
import { afterEach, expect, test, vi } from "vitest";
import { logger } from "../logger";
import { notFound, notFoundText } from "./invariant";

afterEach(() => vi.restoreAllMocks());

test("a 404 logs the path and the referring page without their query strings", () => {
  const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
  const request = new Request("http://localhost/projects/gone.data?token=s3cret&q=Ann%20Lee", {
    headers: { Referer: "http://localhost/portal/sign-in?code=424242#top" },
  });
  notFound(request);
  notFoundText(request, "Not found");
  expect(warn).toHaveBeenCalledTimes(2);
  for (const [fields] of warn.mock.calls) {
    expect(fields).toEqual({ path: "/projects/gone", referer: "http://localhost/portal/sign-in" });
  }
  expect(JSON.stringify(warn.mock.calls)).not.toMatch(/s3cret|Ann|424242/);
});
