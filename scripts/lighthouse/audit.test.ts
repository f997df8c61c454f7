import { describe, expect, it } from "vitest";
import { allPass, briefly, readResult } from "./audit";

type Lhr = Parameters<typeof readResult>[0];

function lhr(scores: Record<string, number | null>, audits: Record<string, object> = {}, runtimeError?: object): Lhr {
  return {
    categories: Object.fromEntries(
      Object.entries(scores).map(([id, score]) => [id, { id, title: id, score, auditRefs: [] }]),
    ),
    audits: Object.fromEntries(
      Object.entries(audits).map(([id, audit]) => [id, { id, title: id, description: "", ...audit }]),
    ),
    runtimeError,
  } as unknown as Lhr;
}

const full = { performance: 1, accessibility: 1, "best-practices": 1, seo: 1 };

describe("reading a Lighthouse result", () => {
  it("a measured page: its scores and the audits that lost points", () => {
    const result = readResult(
      lhr(
        { ...full, performance: 0.93 },
        {
          "largest-contentful-paint": { score: 0.7, scoreDisplayMode: "numeric", displayValue: "2.9 s" },
          "first-contentful-paint": { score: 1, scoreDisplayMode: "numeric" },
          "network-requests": { score: null, scoreDisplayMode: "informative" },
        },
      ),
    );
    expect(result).toEqual({
      scores: { performance: 93, accessibility: 100, "best-practices": 100, seo: 100 },
      failing: ["largest-contentful-paint (2.9 s)"],
      errors: [],
    });
  });

  it("audits that could not run make a failed measurement, named, not a page scoring 0 in silence", () => {
    const result = readResult(
      lhr(
        { ...full, performance: null, "best-practices": null },
        {
          "largest-contentful-paint": { score: null, scoreDisplayMode: "error", errorMessage: "NO_LCP" },
          "errors-in-console": { score: null, scoreDisplayMode: "error" },
        },
      ),
    );
    expect(result.scores.performance).toBe(0);
    expect(result.failing).toEqual([]);
    expect(result.errors).toEqual([
      "largest-contentful-paint: NO_LCP",
      "errors-in-console: error",
      "performance: no score",
      "best-practices: no score",
    ]);
    expect(allPass([{ page: "/", framed: false, ...result }])).toBe(false);
  });

  it("a run that failed as a whole says why", () => {
    const result = readResult(
      lhr(
        { performance: null, accessibility: null, "best-practices": null, seo: null },
        {},
        { code: "NO_FCP", message: "The page did not paint any content." },
      ),
    );
    expect(result.errors[0]).toBe("NO_FCP: The page did not paint any content.");
  });

  it("a failed trace's sixty errors are told in brief", () => {
    const errors = Array.from({ length: 61 }, (_, i) => `audit-${i}: NO_NAVSTART`);
    expect(briefly(errors)).toBe("audit-0: NO_NAVSTART; audit-1: NO_NAVSTART; audit-2: NO_NAVSTART; and 58 more");
    expect(briefly(["one", "two"])).toBe("one; two");
  });
});
