// zod building blocks for form fields, so every form treats blanks the same way.
import { z } from "zod";

/** Optional text: trimmed, and empty becomes null (the spec: empty optional text is saved as null). */
export const optionalText = (max = 5000, message = `Must be at most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null));

/** A required name: trimmed; blank gives the spec's 'Name is required'. */
export const requiredName = (max = 100, message = "Name is required") =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** An http(s) URL or nothing: the only links we ever render. */
export const optionalHttpUrl = (message = "Invalid URL") =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isHttpUrl(value), { message })
    .transform((value) => (value ? value : null));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** The record version an edit form carries (its updated_at). */
export const version = z.iso.datetime({ offset: true, message: "This form is out of date: reload the page." });
