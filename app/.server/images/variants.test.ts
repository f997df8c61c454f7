import { describe, expect, test } from "vitest";
import { createLocalStorage } from "../storage/local";
import { imageSources } from "./sources";
import { sniffImage } from "./sniff";
import { avifKey, hasAvif, storedImageKeys, variantKey, variantWidths } from "./variants";

describe("variantWidths", () => {
  test.each([
    [5000, [320, 640, 1280, 1920]],
    [1920, [320, 640, 1280, 1920]],
    [1500, [320, 640, 1280, 1500]],
    [1280, [320, 640, 1280]],
    [1000, [320, 640, 1000]],
    [640, [320, 640]],
    [321, [320, 321]],
    [320, [320]],
    [200, [200]],
    [1, [1]],
    [0, []],
  ])("an image %i px wide has variants %j (never upscaled)", (width, expected) => {
    expect(variantWidths(width)).toEqual(expected);
  });
});

describe("variant keys", () => {
  test("are derived from the original's key", () => {
    expect(variantKey("logos/123-abcd.png", 640)).toBe("logos/123-abcd_w640.webp");
    expect(variantKey("files/p/renders/1-a.b.jpg", 320)).toBe("files/p/renders/1-a.b_w320.webp");
  });

  test("storedImageKeys lists the original and every variant; no width, no variants", () => {
    expect(storedImageKeys("company/1-a.gif", 700)).toEqual([
      "company/1-a.gif",
      "company/1-a_w320.webp",
      "company/1-a_w640.webp",
      "company/1-a_w700.webp",
    ]);
    expect(storedImageKeys("private/documents/1.pdf", null)).toEqual(["private/documents/1.pdf"]);
  });

  test("a key marked _avif has AVIF variants too, at the same widths", () => {
    expect(avifKey("company/1-a.gif")).toBe("company/1-a_avif.gif");
    expect(avifKey("company/1-a_avif.gif")).toBe("company/1-a_avif.gif");
    expect(hasAvif("company/1-a_avif.gif")).toBe(true);
    expect(hasAvif("company/1-a.gif")).toBe(false);
    expect(hasAvif("company/1-a.avif")).toBe(false);
    expect(variantKey("company/1-a_avif.gif", 320, "avif")).toBe("company/1-a_avif_w320.avif");
    expect(storedImageKeys("company/1-a_avif.gif", 700)).toEqual([
      "company/1-a_avif.gif",
      "company/1-a_avif_w320.webp",
      "company/1-a_avif_w640.webp",
      "company/1-a_avif_w700.webp",
      "company/1-a_avif_w320.avif",
      "company/1-a_avif_w640.avif",
      "company/1-a_avif_w700.avif",
    ]);
  });
});

describe("imageSources", () => {
  const store = createLocalStorage({ root: "/nonexistent/uploads" });

  test("src is the largest variant up to 1280; srcSet lists them all", () => {
    expect(imageSources("logos/1-a.jpg", 4000, 3000, store)).toEqual({
      src: "/media/logos/1-a_w1280.webp",
      srcSet:
        "/media/logos/1-a_w320.webp 320w, /media/logos/1-a_w640.webp 640w, " +
        "/media/logos/1-a_w1280.webp 1280w, /media/logos/1-a_w1920.webp 1920w",
      width: 4000,
      height: 3000,
    });
  });

  test("an image with AVIF variants lists them for a <source> of their own", () => {
    expect(imageSources("logos/1-a_avif.jpg", 700, 350, store)).toEqual({
      src: "/media/logos/1-a_avif_w700.webp",
      srcSet:
        "/media/logos/1-a_avif_w320.webp 320w, /media/logos/1-a_avif_w640.webp 640w, " +
        "/media/logos/1-a_avif_w700.webp 700w",
      avifSrcSet:
        "/media/logos/1-a_avif_w320.avif 320w, /media/logos/1-a_avif_w640.avif 640w, " +
        "/media/logos/1-a_avif_w700.avif 700w",
      width: 700,
      height: 350,
    });
  });

  test("a small image uses its single variant", () => {
    expect(imageSources("logos/1-a.png", 120, 60, store)).toEqual({
      src: "/media/logos/1-a_w120.webp",
      srcSet: "/media/logos/1-a_w120.webp 120w",
      width: 120,
      height: 60,
    });
  });
});

describe("sniffImage", () => {
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));
  test.each([
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0])],
    ["png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ["gif", bytes("GIF89a")],
    ["gif", bytes("GIF87a")],
    ["webp", bytes("RIFF\0\0\0\0WEBPVP8 ")],
    ["avif", bytes([0, 0, 0, 0x1c], "ftypavif\0\0\0\0avifmif1miaf")],
    ["avif", bytes([0, 0, 0, 0x18], "ftypmif1\0\0\0\0mif1avif")],
    ["heif", bytes([0, 0, 0, 0x18], "ftypheic\0\0\0\0mif1heic")],
    [null, bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    [null, bytes("%PDF-1.7")],
    [null, bytes("RIFF\0\0\0\0WAVEfmt ")],
    [null, bytes([0, 0, 0, 0x18], "ftypisom\0\0\0\0isomavc1")],
    [null, bytes([0xff, 0xd8])],
    [null, Buffer.alloc(0)],
  ])("%s", (expected, head) => {
    expect(sniffImage(head)).toBe(expected);
  });
});
