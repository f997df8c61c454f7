// The portal's signing forms and the staff's send form (browser and server).
import { z } from "zod";
import { isOneLineText, SIGNING_MESSAGES } from "./consent";

const MAX_SIGNATURE_CHARS = 400_000;

export const signFormSchema = z.object({
  intent: z.literal("sign"),
  consent: z.literal("on", { message: SIGNING_MESSAGES.consent }),
  fullName: z
    .string({ message: SIGNING_MESSAGES.fullName })
    .trim()
    .min(2, SIGNING_MESSAGES.fullName)
    .max(200)
    .refine(isOneLineText, SIGNING_MESSAGES.nameLine),
  /** A drawn signature: a PNG as a data URL (optional). */
  signature: z
    .string()
    .max(MAX_SIGNATURE_CHARS, SIGNING_MESSAGES.signature)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, SIGNING_MESSAGES.signature)
    .optional(),
});

export const declineFormSchema = z.object({
  intent: z.literal("decline"),
  reason: z.string({ message: SIGNING_MESSAGES.reason }).trim().min(3, SIGNING_MESSAGES.reason).max(2000),
});

export const portalContractActionSchema = z.discriminatedUnion("intent", [signFormSchema, declineFormSchema]);

export const sendFormSchema = z.object({
  intent: z.literal("send"),
  contactIds: z.array(z.uuid(), { message: "Choose at least one contact" }).min(1, "Choose at least one contact"),
  expiresOn: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || z.iso.date().safeParse(value).success, { message: "Enter a valid date" })
    .transform((value) => (value ? value : null)),
});

export const voidFormSchema = z.object({ intent: z.literal("void") });
