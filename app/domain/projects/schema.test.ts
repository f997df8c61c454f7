import { describe, expect, test } from "vitest";
import { projectEmbedCode } from "./embed";
import { NEGATIVE, NOT_A_NUMBER, NOT_WHOLE, parseDecimal, parseWholeNumber } from "~/lib/numbers";
import { copyTitle } from "./project-lifecycle.server";
import { PROJECT_NAME_MESSAGES, projectFormSchema, projectListQuerySchema, suggestProjectName } from "./schema";

const CLIENT = "c1111111-1111-4111-8111-111111111111";

function errors(input: Record<string, string>) {
  const result = projectFormSchema.safeParse({ title: "Sunny Park", clientId: CLIENT, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("project form schema", () => {
  test("the spec's required messages", () => {
    const result = projectFormSchema.safeParse({ title: "  " });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toMatchObject({ title: "Title is required", clientId: "Client is required" });
    expect(errors({ title: "x".repeat(201) })).toEqual({ title: "Must be at most 200 characters" });
  });

  test("defaults: draft, not featured, nothing included; empty optional text is null", () => {
    const value = projectFormSchema.parse({ title: " Sunny Park ", clientId: CLIENT, description: "", themeStyle: "" });
    expect(value).toMatchObject({
      title: "Sunny Park",
      projectName: null,
      status: "draft",
      description: null,
      themeStyle: null,
      endDate: null,
      isFeatured: false,
      featuredUrl: undefined,
      salePrice: null,
      capacity: null,
      hasMainPlayground: false,
      dimensions: {},
    });
    expect(errors({ status: "archived" })).toEqual({ status: "Choose a status" });
    expect(errors({ endDate: "2025-02-30" })).toEqual({ endDate: "Invalid date" });
    expect(projectFormSchema.parse({ title: "A", clientId: CLIENT, endDate: "2025-03-07" }).endDate).toBe("2025-03-07");
  });

  test("project name: format, length and reserved words, each with its message", () => {
    expect(errors({ projectName: "Sunny Park" })).toEqual({ projectName: PROJECT_NAME_MESSAGES.characters });
    expect(errors({ projectName: "-sunny" })).toEqual({ projectName: PROJECT_NAME_MESSAGES.edges });
    expect(errors({ projectName: "sunny-" })).toEqual({ projectName: PROJECT_NAME_MESSAGES.edges });
    expect(errors({ projectName: "sunny--park" })).toEqual({ projectName: PROJECT_NAME_MESSAGES.doubled });
    expect(errors({ projectName: "a".repeat(101) })).toEqual({ projectName: "Must be at most 100 characters" });
    expect(errors({ projectName: "gallery" })).toEqual({
      projectName: "This project name is reserved by the site; choose another.",
    });
    expect(projectFormSchema.parse({ title: "A", clientId: CLIENT, projectName: " sunny-park-2 " }).projectName).toBe(
      "sunny-park-2",
    );
  });

  test("the suggested name comes from the title and is never reserved", () => {
    expect(suggestProjectName("Sunny Park Adventure!")).toBe("sunny-park-adventure");
    expect(suggestProjectName("Gallery")).toBe("gallery-project");
    expect(suggestProjectName("???")).toBe("");
    expect(suggestProjectName("x ".repeat(120)).length).toBeLessThanOrEqual(100);
  });

  test("the featured URL is checked (http(s) only) only when featured; empty is allowed", () => {
    expect(errors({ isFeatured: "on", featuredUrl: "javascript:alert(1)" })).toEqual({ featuredUrl: "Invalid URL" });
    expect(errors({ isFeatured: "on", featuredUrl: "" })).toEqual({});
    expect(errors({ featuredUrl: "not a url" })).toEqual({});
    const featured = projectFormSchema.parse({
      title: "A",
      clientId: CLIENT,
      isFeatured: "on",
      featuredUrl: "https://example.com/pirates",
    });
    expect(featured).toMatchObject({ isFeatured: true, featuredUrl: "https://example.com/pirates" });
  });

  test("dimensions of an included block are parsed; a block that is off is neither checked nor written", () => {
    const value = projectFormSchema.parse({
      title: "A",
      clientId: CLIENT,
      hasMainPlayground: "on",
      mainPlaygroundLength: "12.3",
      mainPlaygroundWidth: "8",
      mainPlaygroundHeight: "",
      levels: "2",
      sqFeet: "1,250.5",
      toddlerZoneLength: "not even a number",
    });
    expect(value.dimensions).toEqual({
      mainPlaygroundLength: "12.30",
      mainPlaygroundWidth: "8.00",
      mainPlaygroundHeight: null,
      levels: 2,
      sqFeet: "1250.50",
    });
    expect(errors({ hasToddlerZone: "on", toddlerZoneLevels: "2.5", toddlerZoneWidth: "-3" })).toEqual({
      toddlerZoneLevels: NOT_WHOLE,
      toddlerZoneWidth: NEGATIVE,
    });
    expect(errors({ hasSportCourt: "on", sportCourtSqFeet: "lots" })).toEqual({ sportCourtSqFeet: NOT_A_NUMBER });
  });

  test("every message shows at once, whichever section it is in", () => {
    const result = projectFormSchema.safeParse({
      salePrice: "-5",
      isFeatured: "on",
      featuredUrl: "ftp://files.example.com",
      hasMainPlayground: "on",
      levels: "2.5",
    });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      title: "Title is required",
      clientId: "Client is required",
      salePrice: NEGATIVE,
      featuredUrl: "Invalid URL",
      levels: NOT_WHOLE,
    });
  });

  test("the list query falls back to everything on nonsense", () => {
    expect(projectListQuerySchema.parse({ q: " slide ", status: "completed" })).toEqual({
      q: "slide",
      status: "completed",
    });
    expect(projectListQuerySchema.parse({ status: "draft" })).toEqual({ q: "", status: "" });
    expect(projectListQuerySchema.parse({ status: "bogus" })).toEqual({ q: "", status: "" });
  });
});

describe("numbers", () => {
  const money = { precision: 12, scale: 2 };
  test.each([
    ["", null],
    ["   ", null],
    ["12.3", "12.30"],
    ["12.30", "12.30"],
    ["0012", "12.00"],
    [".5", "0.50"],
    ["7.", "7.00"],
    ["1,234,567.89", "1234567.89"],
    ["0", "0.00"],
  ])("decimal %j → %j (as text, no float)", (input, expected) => {
    expect(parseDecimal(input, money)).toEqual({ ok: true, value: expected });
  });

  test.each([
    ["abc", NOT_A_NUMBER],
    ["1e3", NOT_A_NUMBER],
    ["12.3.4", NOT_A_NUMBER],
    ["1,23", NOT_A_NUMBER],
    ["-", NOT_A_NUMBER],
    ["-0.5", NEGATIVE],
    ["12.345", "Use at most 2 decimal places"],
    ["99999999999", "Must be less than 10,000,000,000"],
  ])("decimal %j is refused: %s", (input, message) => {
    expect(parseDecimal(input, money)).toEqual({ ok: false, message });
  });

  test("whole numbers", () => {
    expect(parseWholeNumber("")).toEqual({ ok: true, value: null });
    expect(parseWholeNumber(" 42 ")).toEqual({ ok: true, value: 42 });
    expect(parseWholeNumber("3.0")).toEqual({ ok: true, value: 3 });
    expect(parseWholeNumber("3.5")).toEqual({ ok: false, message: NOT_WHOLE });
    expect(parseWholeNumber("-1")).toEqual({ ok: false, message: NEGATIVE });
    expect(parseWholeNumber("ten")).toEqual({ ok: false, message: NOT_A_NUMBER });
    expect(parseWholeNumber("1001", 1000)).toEqual({ ok: false, message: "Must be at most 1,000" });
  });
});

describe("embed code and copies", () => {
  test("the iframe snippet, with the title escaped", () => {
    expect(
      projectEmbedCode({
        origin: "https://portal.example",
        projectName: "sunny-park",
        title: 'The "Big" <Slide> & Co',
      }),
    ).toBe(
      '<iframe src="https://portal.example/webview/sunny-park" width="100%" height="600" style="border:0;width:100%" title="The &quot;Big&quot; &lt;Slide&gt; &amp; Co" data-loading-text="Loading project..." loading="lazy"></iframe>\n' +
        '<script src="https://portal.example/embed.js" async></script>',
    );
  });

  test("a copy's title stays within 200 characters", () => {
    expect(copyTitle("Sunny Park")).toBe("Sunny Park (copy)");
    const long = copyTitle("x".repeat(200));
    expect(long).toHaveLength(200);
    expect(long.endsWith(" (copy)")).toBe(true);
  });
});
