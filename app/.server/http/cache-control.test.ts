import { expect, test } from "vitest";
import { etagMatches } from "./cache-control";

test("etagMatches: any listed tag, weak or strong, or *", () => {
  expect(etagMatches('"a"', ['"a"'])).toBe(true);
  expect(etagMatches('W/"b", "x"', ['"a"', '"b"'])).toBe(true);
  expect(etagMatches("*", ['"a"'])).toBe(true);
  expect(etagMatches('"c"', ['"a"', '"b"'])).toBe(false);
  expect(etagMatches(null, ['"a"'])).toBe(false);
  expect(etagMatches(undefined, ['"a"'])).toBe(false);
});
