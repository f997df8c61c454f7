import { describe, expect, test } from "vitest";
import {
  checkFileBeforeUpload,
  isUploadKind,
  readUploadResponse,
  UNSUPPORTED_IMAGE_MESSAGE,
  UPLOAD_LIMITS,
  UploadError,
  uploadedImage,
} from "./upload-client";

const MB = 1024 * 1024;
const file = (name: string, size: number, type: string) => ({ name, size, type });

describe("checkFileBeforeUpload", () => {
  test("lets a supported image within the limit through", () => {
    expect(checkFileBeforeUpload(file("logo.png", 4 * MB, "image/png"), "client-logo")).toBeNull();
    expect(checkFileBeforeUpload(file("site.jpg", 24 * MB, "image/jpeg"), "project-image")).toBeNull();
    expect(
      checkFileBeforeUpload(file("exactly.webp", UPLOAD_LIMITS["option-image"], "image/webp"), "option-image"),
    ).toBe(null);
  });

  test("refuses a 6 MB logo with the spec's words", () => {
    expect(checkFileBeforeUpload(file("logo.png", 6 * MB, "image/png"), "client-logo")).toEqual({
      title: "File too large",
      description: "Logo must be less than 5MB",
    });
    expect(checkFileBeforeUpload(file("logo.png", 5 * MB + 1, "image/png"), "company-logo")).toEqual({
      title: "File too large",
      description: "Logo must be less than 5MB",
    });
  });

  test("names images rather than logos for option and project images", () => {
    expect(checkFileBeforeUpload(file("swing.png", 6 * MB, "image/png"), "option-image")?.description).toBe(
      "Image must be less than 5MB",
    );
    expect(checkFileBeforeUpload(file("site.jpg", 26 * MB, "image/jpeg"), "project-image")?.description).toBe(
      "Image must be less than 25MB",
    );
  });

  test.each([
    file("drawing.svg", 1000, "image/svg+xml"),
    file("photo.heic", 1000, "image/heic"),
    file("brochure.pdf", 1000, "application/pdf"),
    file("notes.png", 1000, "text/plain"),
    file("setup.exe", 1000, ""),
    file("README", 1000, ""),
  ])("refuses $name ($type) as not a supported image", (candidate) => {
    expect(checkFileBeforeUpload(candidate, "project-image")).toEqual({
      title: "Unsupported file",
      description: UNSUPPORTED_IMAGE_MESSAGE,
    });
  });

  test("falls back to the extension when the browser gives no type", () => {
    expect(checkFileBeforeUpload(file("photo.AVIF", 1000, ""), "project-image")).toBeNull();
    expect(checkFileBeforeUpload(file("photo.jpeg", 1000, ""), "client-logo")).toBeNull();
  });

  test("refuses an empty file", () => {
    expect(checkFileBeforeUpload(file("empty.png", 0, "image/png"), "client-logo")?.title).toBe("Empty file");
  });
});

describe("readUploadResponse", () => {
  const stored = { id: "a1", key: "client-logos/1.png", url: "/media/client-logos/1.png", width: 200, height: 100 };

  test("returns either success shape", () => {
    expect(readUploadResponse(201, JSON.stringify({ upload: stored }))).toEqual({ upload: stored });
    const image = { ...stored, displayOrder: 3, category: "photos_completed" as const };
    const response = readUploadResponse(201, JSON.stringify({ image }));
    expect(response).toEqual({ image });
    expect(uploadedImage(response as { image: typeof image })).toEqual(image);
  });

  test("carries the server's message and status", () => {
    const error = readUploadResponse(413, JSON.stringify({ error: "Logo must be less than 5MB" }));
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ status: 413, message: "Logo must be less than 5MB" });
  });

  test.each([
    [401, "<html>Sign in</html>", /Sign in again/],
    [415, "", /not a supported image/],
    [422, "{}", /could not be read/],
    [500, "Internal Server Error", /error 500/],
    [201, "not json", /not understood/],
    [201, JSON.stringify({ upload: { url: 1 } }), /not understood/],
  ])("falls back to a readable message for %i %s", (status, body, message) => {
    const error = readUploadResponse(status, body);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).message).toMatch(message);
  });
});

test("isUploadKind accepts only the four kinds", () => {
  expect(["client-logo", "option-image", "company-logo", "project-image"].every(isUploadKind)).toBe(true);
  expect(isUploadKind("toString")).toBe(false);
  expect(isUploadKind("avatar")).toBe(false);
});
