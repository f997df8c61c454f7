// Finding 2 of issue 12: where a visitor may be sent after signing in.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser, request } from "#tests/helpers/users";
import { loader } from "~/routes/auth/auth";
import { RouterContextProvider } from "react-router";
import { safeRedirectPath } from "./redirect-target";

withTestDatabase();

// Decoded values, as URLSearchParams hands them over.
const HOSTILE = [
  "//evil.example/steal",
  "/\t/evil.example",
  "/\t\\evil.example",
  "/%09/evil.example",
  "\\\\evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "/\r/x",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  " //evil.example",
  "https://evil.example/",
  "http:evil.example",
  "javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/\u000b/evil.example",
  "/\u007f/evil.example",
  "///evil.example",
  "/.//evil.example",
  "",
  "evil.example",
];

describe("the target after signing in", () => {
  test.each(HOSTILE)("%j stays on the site", (input) => {
    const target = safeRedirectPath(input, "/");
    expect(target.startsWith("/")).toBe(true);
    expect(target.startsWith("//")).toBe(false);
    expect(new URL(target, "http://app.test").origin).toBe("http://app.test");
    // eslint-disable-next-line no-control-regex -- none may survive
    expect(target).not.toMatch(/[\u0000-\u001f\u007f\\]/);
    // Fit for a Location header.
    expect(() => new Headers({ Location: target })).not.toThrow();
  });

  test.each([
    ["/admin/settings/team?tab=1", "/admin/settings/team?tab=1"],
    ["/admin/things?q=a%20b#top", "/admin/things?q=a%20b#top"],
    ["/admin/things/../others", "/admin/others"],
    ["/ü", "/%C3%BC"],
  ])("%j is kept as %j", (input, expected) => {
    expect(safeRedirectPath(input, "/")).toBe(expected);
  });

  test("anything that is not a string is the fallback", () => {
    expect(safeRedirectPath(null, "/x")).toBe("/x");
    expect(safeRedirectPath(undefined, "/x")).toBe("/x");
  });

  test.each(["/%09/evil.example", "/%0d/x", "/%09%5Cevil.example", "/%0a/evil.example", "/%E0%A4%A"])(
    "/auth?redirectTo=%s for a signed-in visitor redirects on the site, never a 500",
    async (raw) => {
      const user = await createUser();
      const req = request(`/auth?redirectTo=${raw}`, { user });
      let thrown: unknown;
      try {
        await loader({
          request: req,
          params: {},
          context: new RouterContextProvider(),
          url: new URL(req.url),
          pattern: "/auth",
        } as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(302);
      const location = response.headers.get("Location")!;
      expect(new URL(location, "http://app.test").origin).toBe("http://app.test");
    },
  );
});
