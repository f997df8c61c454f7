// The certificate's line wrap: the same lines as cutting a long word one character at a time, with a
// number of width measurements that grows with the lines, not with the square of a word's length.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont } from "pdf-lib";
import { beforeAll, describe, expect, test } from "vitest";
import { notoSans } from "~/.server/pdf-fonts";
import { wrap } from "./certificate.server";

/** The wrap before the halving search, as the reference: a long word's head shortened one character at a time. */
function wrapOneByOne(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/[\s\u0085\u2028\u2029]+/)) {
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = "";
      rest = rest.slice(cut);
    }
    const next = line ? `${line} ${rest}` : rest;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = rest;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

let font: PDFFont;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  font = await doc.embedFont(notoSans("regular"), { subset: true });
});

describe("wrap", () => {
  test("cuts and breaks exactly as one character at a time did", () => {
    // Kerning pairs (AV, To), narrow and wide letters, digits of a hash, accents, spaces and separators.
    const alphabet = "AVToWwiIl1mM0f9éß -\u2028";
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 40; i++) {
      const length = 1 + Math.floor(next() * 80);
      const text = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
      const [size, width] = [8 + Math.floor(next() * 6), 20 + Math.floor(next() * 120)];
      expect(wrap(text, font, size, width), JSON.stringify({ text, size, width })).toEqual(
        wrapOneByOne(text, font, size, width),
      );
    }
    const hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    expect(wrap(`SHA-256 ${hash}`, font, 9, 120)).toEqual(wrapOneByOne(`SHA-256 ${hash}`, font, 9, 120));
  });

  test("a word of 10,000 characters is measured a few times a line, not once per character", () => {
    let measured = 0;
    const counting = {
      widthOfTextAtSize: (text: string, size: number) => {
        measured += 1;
        return font.widthOfTextAtSize(text, size);
      },
    };
    const lines = wrap("x".repeat(10_000), counting, 10, 300);
    expect(lines.join("")).toBe("x".repeat(10_000));
    expect(lines.every((line) => font.widthOfTextAtSize(line, 10) <= 300)).toBe(true);
    // About twice log2 of a line's characters for each line cut; one by one it was thousands a line.
    expect(measured).toBeLessThan(lines.length * 20);
  });
});
