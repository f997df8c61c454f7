import { describe, expect, test } from "vitest";
import { formatBytes, safeDocumentName } from "./document";
import { checkDocumentBeforeUpload, readDocumentUploadResponse } from "./document-upload-client";
import { contractFormSchema, contractListQuerySchema, contractStatusBadgeVariant, contractStatusLabel } from "./schema";

const PROJECT = "a1111111-1111-4111-8111-111111111111";

describe("status badges", () => {
  test("draft grey, sent blue, signed green, anything else grey", () => {
    expect(contractStatusBadgeVariant("draft")).toBe("secondary");
    expect(contractStatusBadgeVariant("sent")).toBe("info");
    expect(contractStatusBadgeVariant("signed")).toBe("success");
    expect(contractStatusBadgeVariant("cancelled")).toBe("secondary");
    expect(contractStatusBadgeVariant("")).toBe("secondary");
    expect(contractStatusLabel("signed")).toBe("Signed");
    expect(contractStatusLabel("cancelled")).toBe("cancelled");
    expect(contractStatusLabel("toString")).toBe("toString");
  });
});

describe("contract form schema", () => {
  const issues = (input: Record<string, unknown>) =>
    Object.fromEntries((contractFormSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path[0], i.message]));

  test("a project is required; status defaults to draft; blanks are null", () => {
    expect(issues({})).toEqual({ projectId: "Project is required" });
    expect(contractFormSchema.parse({ projectId: PROJECT, title: " ", notes: "" })).toMatchObject({
      status: "draft",
      dateSent: null,
      dateSigned: null,
      title: null,
      notes: null,
    });
  });

  test("signed needs its date, which is not before the date sent", () => {
    expect(issues({ projectId: PROJECT, status: "signed" })).toEqual({
      dateSigned: "A signed contract needs the date it was signed",
    });
    expect(issues({ projectId: PROJECT, status: "signed", dateSent: "2025-03-10", dateSigned: "2025-03-09" })).toEqual({
      dateSigned: "The date signed cannot be before the date sent",
    });
    expect(
      contractFormSchema.safeParse({
        projectId: PROJECT,
        status: "signed",
        dateSent: "2025-03-10",
        dateSigned: "2025-03-10",
      }).success,
    ).toBe(true);
  });

  test("dates must be real calendar dates; statuses are the three", () => {
    expect(issues({ projectId: PROJECT, dateSent: "2025-02-30" })).toEqual({ dateSent: "Enter a valid date" });
    expect(issues({ projectId: PROJECT, dateSent: "yesterday" })).toEqual({ dateSent: "Enter a valid date" });
    expect(issues({ projectId: PROJECT, status: "archived" })).toEqual({ status: "Choose draft, sent or signed" });
    expect(issues({ projectId: PROJECT, title: "x".repeat(201) })).toHaveProperty("title");
  });

  test("the list's URL state falls back to everything", () => {
    expect(contractListQuerySchema.parse({ q: " harbour ", status: "sent" })).toEqual({ q: "harbour", status: "sent" });
    expect(contractListQuerySchema.parse({ status: "bogus" })).toEqual({ q: "", status: "" });
  });
});

describe("document names and sizes", () => {
  test.each([
    ["Signed agreement.pdf", "Signed agreement.pdf"],
    ["scan.PDF", "scan.pdf"],
    ["no extension", "no extension.pdf"],
    ["../../etc/passwd", "passwd.pdf"],
    ["C:\\Users\\ann\\contract final.pdf", "contract final.pdf"],
    ['a"b;c\r\nd.pdf', "abcd.pdf"],
    ["Vertrag für Spielplatz.pdf", "Vertrag für Spielplatz.pdf"],
    ["...pdf", "contract.pdf"],
    [".hidden.pdf", "hidden.pdf"],
    ["", "contract.pdf"],
    [null, "contract.pdf"],
  ])("%j → %j", (original, safe) => {
    expect(safeDocumentName(original)).toBe(safe);
  });

  test("long names are cut to 120 characters", () => {
    const name = safeDocumentName(`${"x".repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith(".pdf")).toBe(true);
  });

  test("sizes for people", () => {
    expect(formatBytes(500)).toBe("1 KB");
    expect(formatBytes(840 * 1024)).toBe("840 KB");
    expect(formatBytes(1.25 * 1024 * 1024)).toBe("1.3 MB");
  });
});

describe("the browser's side of a document upload", () => {
  test("an empty or over-20MB file is refused before it is sent", () => {
    expect(checkDocumentBeforeUpload({ size: 0 })).toMatch(/empty/);
    expect(checkDocumentBeforeUpload({ size: 20 * 1024 * 1024 + 1 })).toBe("The document must be less than 20MB");
    expect(checkDocumentBeforeUpload({ size: 20 * 1024 * 1024 })).toBeNull();
  });

  test("answers become the document or a message to show", () => {
    expect(readDocumentUploadResponse(201, JSON.stringify({ document: { id: "x", name: "a.pdf", bytes: 9 } }))).toEqual(
      { id: "x", name: "a.pdf", bytes: 9 },
    );
    expect(readDocumentUploadResponse(415, JSON.stringify({ error: "This file is not a PDF." }))).toMatchObject({
      status: 415,
      message: "This file is not a PDF.",
    });
    expect(readDocumentUploadResponse(413, "<html>")).toMatchObject({
      message: "The document must be less than 20MB",
    });
    expect(readDocumentUploadResponse(200, "<html>")).toMatchObject({ message: /not understood/ });
    expect(readDocumentUploadResponse(502, "")).toMatchObject({
      message: "The upload failed (error 502). Please try again.",
    });
  });
});
