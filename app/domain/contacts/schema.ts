import { z } from "zod";
import { optionalText, requiredName, version } from "~/lib/form-values";

export const contactFormSchema = z.object({
  name: requiredName(100),
  clientId: z.uuid({ message: "Client is required" }),
  email: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || z.email().safeParse(value).success, { message: "Invalid email" })
    .transform((value) => (value ? value.toLowerCase() : null)),
  phone: optionalText(50),
  version: version.optional(),
});

export type ContactFormValues = z.output<typeof contactFormSchema>;
