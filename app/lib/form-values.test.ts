import { describe, expect, test } from "vitest";
import { optionalText, requiredName } from "./form-values";

describe("form values", () => {
  // Found by the action fuzzer: a NUL in a contact's name reached PostgreSQL, which refused it (a 500).
  test("a NUL character is refused with a message, in names and optional text", () => {
    expect(requiredName().safeParse("a\u0000b").error?.issues[0]?.message).toBe("Must not contain control characters");
    expect(optionalText().safeParse("\u0000").error?.issues[0]?.message).toBe("Must not contain control characters");
    expect(requiredName().parse(" Ann ")).toBe("Ann");
    expect(optionalText().parse("")).toBeNull();
  });
});
