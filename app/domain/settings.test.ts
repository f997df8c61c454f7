import { expect, test } from "vitest";
import { EnvError } from "~/.server/env";
import { productSettings } from "./settings.server";

test("the product's settings default, and a wrong one is refused with one line naming it", () => {
  expect(productSettings({})).toEqual({ CONTRACT_REMINDER_DAYS: 3 });
  expect(productSettings({ CONTRACT_REMINDER_DAYS: "7" }).CONTRACT_REMINDER_DAYS).toBe(7);
  expect(() => productSettings({ CONTRACT_REMINDER_DAYS: "0" })).toThrow(EnvError);
  expect(() => productSettings({ CONTRACT_REMINDER_DAYS: "soon" })).toThrow(
    /^Invalid configuration: CONTRACT_REMINDER_DAYS must be a number \(got "soon"\)$/,
  );
});
