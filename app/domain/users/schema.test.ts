// The /auth forms' messages, letter for letter: one schema checks them in the browser and in
// the action, so the browser spec shows the mechanism once and this file proves every message.
import { describe, expect, test } from "vitest";
import { resetPasswordSchema, signInSchema, signUpSchema } from "./schema";

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe("the sign-up form", () => {
  const valid = {
    intent: "sign-up" as const,
    fullName: "Ada Lovelace",
    email: "ada@example.test",
    password: "sandpit-slide-42",
    confirmPassword: "sandpit-slide-42",
  };

  test("every field's message", () => {
    expect(
      messages(
        signUpSchema.safeParse({
          ...valid,
          fullName: "A",
          email: "not-an-email",
          password: "12345",
          confirmPassword: "12345",
        }),
      ),
    ).toEqual({
      fullName: "Name must be at least 2 characters",
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
  });

  test("the confirmation must match; a common password is refused", () => {
    expect(messages(signUpSchema.safeParse({ ...valid, confirmPassword: "different-one" }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(
      messages(signUpSchema.safeParse({ ...valid, password: "123456789", confirmPassword: "different-one" })),
    ).toEqual({
      password: "This password is too common. Choose one that is harder to guess.",
      confirmPassword: "Passwords don't match",
    });
  });

  test("a valid form passes, its address trimmed and in lower case", () => {
    expect(signUpSchema.parse({ ...valid, email: "  Ada@Example.TEST " }).email).toBe("ada@example.test");
  });
});

describe("the sign-in form", () => {
  test("every field's message", () => {
    expect(messages(signInSchema.safeParse({ intent: "sign-in", email: "nobody", password: "123" }))).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    expect(
      signInSchema.safeParse({ intent: "sign-in", email: "ada@example.test", password: "definitely-wrong" }).success,
    ).toBe(true);
  });
});

describe("the new-password form of a reset link", () => {
  test("too short, and a confirmation that does not match", () => {
    expect(
      messages(resetPasswordSchema.safeParse({ token: "t0ken", password: "short", confirmPassword: "other" })),
    ).toEqual({
      password: "Password must be at least 6 characters",
      confirmPassword: "Passwords don't match",
    });
    expect(
      resetPasswordSchema.safeParse({
        token: "t0ken",
        password: "monkey-bars-2026",
        confirmPassword: "monkey-bars-2026",
      }).success,
    ).toBe(true);
  });
});
