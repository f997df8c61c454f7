import { z } from "zod";
import { version } from "~/lib/form-values";
import { contacts } from "~/tables/clients";
import { formFields, text } from "../form-fields";

const isEmail = (value: string) => z.email().safeParse(value).success;

/** The contact's columns the form writes, read as their types say unless given here. */
export const CONTACT_FIELDS = formFields(contacts, {
  name: text(100, "Name is required"),
  clientId: z.uuid({ message: "Client is required" }),
  // Stored lowercase, like every email address the app keeps.
  email: (column: z.ZodString) =>
    column
      .max(254, "Invalid email")
      .refine(isEmail, { message: "Invalid email" })
      .transform((value) => value.toLowerCase()),
  phone: text(50),
});

export const contactFormSchema = z.object({ ...CONTACT_FIELDS, version: version.optional() });

export type ContactFormValues = z.output<typeof contactFormSchema>;
