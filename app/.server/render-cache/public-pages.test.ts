import { beforeAll, describe, expect, test } from "vitest";
import { ROUTE_DECLARATIONS } from "~/route-declarations";
import { declareAppRoutes } from "../../../tests/helpers/routes";
import { declareRoutes } from "../http/route-policy";
import { encodingFor } from "./entry";
import { isPersonal, normalizedUrl } from "./public-pages";

// The cacheable pages and their keys come from app/route-declarations.ts, matched as React Router matches app/routes.ts.
beforeAll(declareAppRoutes);

describe("normalizedUrl", () => {
  test.each([
    ["/", "/"],
    ["/?", "/"],
    ["/?utm_source=x", "/"],
    ["/?q=tower&industry=Schools&page=2", "/?industry=Schools&page=2&q=tower"],
    ["/?options=b&q=x&options=a", "/?options=b&options=a&q=x"],
    // The library's facets are part of its key.
    [
      "/?surfacing=turf&age=2-5-years&inclusive=yes&age=13-plus&utm=x",
      "/?age=2-5-years&age=13-plus&inclusive=yes&surfacing=turf",
    ],
    ["/?q=a+b%26c", "/?q=a+b%26c"],
    ["/projects?page=3&options=x", "/projects?page=3"],
    ["/gallery?page=2", "/gallery"],
    ["/gallery/signature-playgrounds?ref=site", "/gallery/signature-playgrounds"],
    ["/webview/castle-keep", "/webview/castle-keep"],
    ["/castle-keep-play-fort?x=1", "/castle-keep-play-fort"],
    [
      "/projects/0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c/preview",
      "/projects/0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c/preview",
    ],
    ["/projects/0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c/dialog", "/projects/0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c/dialog"],
    ["/sitemap.xml", "/sitemap.xml"],
    ["/embed.js?v=2", "/embed.js"],
  ])("%s → %s", (url, expected) => {
    expect(normalizedUrl(url)).toBe(expected);
  });

  test.each([
    "/admin",
    "/admin/projects",
    "/auth",
    "/pending",
    "/api/uploads",
    "/media/project-files/x.webp",
    "/assets/index.js",
    "/Castle-Keep",
    "/castle-keep/",
    "/castle%2Dkeep",
    "/gallery/",
    "/gallery/a/b",
    "/projects/0B5E3F0C-1D2E-4F3A-9B8C-7D6E5F4A3B2C/preview",
    "/admin/projects/0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c/edit",
    // Pages made for one visitor (a signed form stamp, a private share link) and the sales resources.
    "/projects/0b5e3f0c-1d2e-4f3a-9b8c-7d6e5f4a3b2c/inquiry",
    "/gallery/signature-playgrounds/inquiry",
    "/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "/oembed?url=http%3A%2F%2Flocalhost%2Fcastle-keep&format=json",
    "/project-book.pdf?industry=Schools",
    `/?q=${"x".repeat(3000)}`,
  ])("%s is not a cacheable page", (url) => {
    expect(normalizedUrl(url)).toBeNull();
  });
});

test("a route without a declaration stops the server from starting", () => {
  expect(() => declareRoutes([{ id: "routes/undeclared", path: "x" }], ROUTE_DECLARATIONS)).toThrow(
    "Routes without a declaration: routes/undeclared",
  );
  declareAppRoutes();
});

test("paths Express answers before any route are never looked up", () => {
  const express = new Set(["/healthz", "/favicon.svg"]);
  for (const path of express) {
    expect(normalizedUrl(path)).toBe(path); // each would match /:slug
    expect(normalizedUrl(path, (p) => express.has(p))).toBeNull();
  }
});

describe("isPersonal", () => {
  test.each([
    [{ cookie: "playfolio.session_token=a" }, true],
    [{ cookie: "x=1; __Secure-playfolio.session_token=a" }, true],
    [{ cookie: "playfolio_toast=a" }, true],
    [{ authorization: "Basic x" }, true],
    [{ cookie: "_ga=1; myplayfolio=2" }, false],
    [{}, false],
  ])("%o → %s", (headers, expected) => {
    expect(isPersonal(headers)).toBe(expected);
  });
});

describe("encodingFor", () => {
  test.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "identity"], // Caddy compresses the plain body
    ["br;q=0.5, gzip;q=0.8", "br"],
    ["br;q=0, gzip", "identity"],
    ["*", "br"],
    ["*;q=0.1, br;q=0", "identity"],
    ["identity;q=0", "identity"],
  ])("%s → %s", (header, expected) => {
    expect(encodingFor(header === undefined ? {} : { "accept-encoding": header })).toBe(expected);
  });
});
