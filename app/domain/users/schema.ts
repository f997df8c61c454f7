// Sign-in and sign-up forms: one zod schema checks them in the browser and in the action.
import { z } from "zod";
import { isCommonPassword } from "~/lib/common-passwords";

export const email = z
  .string({ message: "Invalid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: "Invalid email address" }));

const password = z
  .string({ message: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters");

/** A password someone chooses (sign-up, reset, change): long enough and not a common one. */
export const newPassword = password.refine((value) => !isCommonPassword(value), {
  message: "This password is too common. Choose one that is harder to guess.",
});

const fullName = z
  .string({ message: "Name must be at least 2 characters" })
  .trim()
  .min(2, "Name must be at least 2 characters")
  .max(100, "Name must be at most 100 characters");

export const signInSchema = z.object({
  intent: z.literal("sign-in"),
  email,
  password,
  redirectTo: z.string().optional(),
});

export const signUpSchema = z
  .object({
    intent: z.literal("sign-up"),
    fullName,
    email,
    password: newPassword,
    confirmPassword: z.string({ message: "Passwords don't match" }),
    redirectTo: z.string().optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const authFormSchema = z.discriminatedUnion("intent", [signInSchema, signUpSchema]);

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ message: "This link is not complete." }).min(1).max(200),
    password: newPassword,
    confirmPassword: z.string({ message: "Passwords don't match" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

const currentPassword = z
  .string({ message: "Enter your current password" })
  .min(1, "Enter your current password")
  .max(128, "Password must be at most 128 characters");

export const changeNameSchema = z.object({ intent: z.literal("name"), name: fullName });

export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword,
    newPassword,
    confirmPassword: z.string({ message: "Passwords don't match" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const changeEmailSchema = z.object({ intent: z.literal("email"), newEmail: email, currentPassword });

/** The second step of signing in: six digits from the app, or a recovery code ("abcde-12345"). */
export const twoFactorCodeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("totp"),
    code: z
      .string({ message: "Enter the 6-digit code from your authenticator app" })
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
    redirectTo: z.string().optional(),
  }),
  z.object({
    kind: z.literal("recovery"),
    code: z
      .string({ message: "Enter one of your recovery codes" })
      .trim()
      .min(1, "Enter one of your recovery codes")
      .max(40, "Enter one of your recovery codes"),
    redirectTo: z.string().optional(),
  }),
]);

export const enrolPasswordSchema = z.object({ intent: z.literal("start"), currentPassword });

export const enrolCodeSchema = z.object({
  intent: z.literal("confirm"),
  code: z
    .string({ message: "Enter the 6-digit code from your authenticator app" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

export const twoFactorPasswordSchema = z.object({
  intent: z.enum(["two-factor-off", "recovery-codes"]),
  currentPassword,
});

export const INVITABLE_ROLES = ["staff", "admin"] as const;

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email,
  role: z.enum(INVITABLE_ROLES, { message: "Choose a role" }),
});

export const acceptInvitationSchema = z
  .object({
    token: z.string({ message: "This link is not complete." }).min(1).max(200),
    fullName,
    password: newPassword,
    confirmPassword: z.string({ message: "Passwords don't match" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
