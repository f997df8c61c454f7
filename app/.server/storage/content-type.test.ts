import { describe, expect, test } from "vitest";
import { contentTypeForKey } from "./content-type";

describe("contentTypeForKey", () => {
  test("follows the key's extension, in any case", () => {
    expect(contentTypeForKey("files/p/renders/a.JPG")).toBe("image/jpeg");
    expect(contentTypeForKey("documents/c/deal.pdf")).toBe("application/pdf");
  });

  test("anything else is a download: no extension, a dot in a folder name, a name every object answers to", () => {
    for (const key of ["logos/a", "logos.v2/a", "a/b.constructor", "a/b.toString", "a/b.__proto__"]) {
      expect(contentTypeForKey(key)).toBe("application/octet-stream");
    }
  });
});
