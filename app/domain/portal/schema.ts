// The portal's sign-in forms (browser and server): an address, then its code.
import { z } from "zod";
import { CODE_SIGN_IN } from "~/tables";

/** Where a portal account belongs (it never passes a staff guard). */
export const PORTAL_PATH = CODE_SIGN_IN.home;

/** The codes mailed to sign in: 6 digits, valid 10 minutes, 5 tries. */
export const PORTAL_CODE_LENGTH = 6;
export const PORTAL_CODE_TTL_SECONDS = 10 * 60;
export const PORTAL_CODE_ATTEMPTS = 5;

export const PORTAL_SIGN_IN_MESSAGES = {
  /** The spec's words for a one-time-code request without an address. */
  noAddress: "You must provide either an email or phone number.",
  invalidEmail: "Invalid email address",
  code: "Enter the 6-digit code from the email",
} as const;

export const portalEmailSchema = z.object({
  intent: z.literal("send-code"),
  email: z
    .string({ message: PORTAL_SIGN_IN_MESSAGES.noAddress })
    .trim()
    .min(1, PORTAL_SIGN_IN_MESSAGES.noAddress)
    .max(254, PORTAL_SIGN_IN_MESSAGES.invalidEmail)
    .pipe(z.email({ message: PORTAL_SIGN_IN_MESSAGES.invalidEmail })),
});

export const portalCodeSchema = z.object({
  intent: z.literal("verify-code"),
  code: z
    .string({ message: PORTAL_SIGN_IN_MESSAGES.code })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, PORTAL_SIGN_IN_MESSAGES.code)),
});

export const portalSignInSchema = z.discriminatedUnion("intent", [
  portalEmailSchema,
  portalCodeSchema,
  z.object({ intent: z.literal("change-email") }),
]);
