import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { notoSans } from "./pdf-fonts";

describe("the PDFs' fonts", () => {
  it("ship in the repository with their licence, not through a font package", () => {
    for (const style of ["regular", "bold", "italic"] as const) {
      // A TrueType file starts with the version 1.0 of its table directory.
      expect(notoSans(style).readUInt32BE(0)).toBe(0x00010000);
    }
    expect(fs.readFileSync("fonts/OFL.txt", "utf8")).toContain("SIL OPEN FONT LICENSE Version 1.1");
    const manifest = JSON.parse(fs.readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).filter((name) => name.includes("fonts"))).toEqual([]);
  });
});
