// zod building blocks for form fields, so every form treats blanks the same way.
import { z } from "zod";

// PostgreSQL text cannot hold a NUL character: refused here, not by the database (a 500).
export const NO_NUL = { message: "Must not contain control characters" };
export const hasNoNul = (value: string | undefined) => !value?.includes("\u0000");

/** Optional text: trimmed, and empty becomes null (the spec: empty optional text is saved as null). */
export const optionalText = (max = 5000, message = `Must be at most ${max} characters`) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine(hasNoNul, NO_NUL)
    .optional()
    .transform((value) => (value ? value : null));

/** A required name: trimmed; blank gives the spec's 'Name is required'. */
export const requiredName = (max = 100, message = "Name is required") =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`).refine(hasNoNul, NO_NUL);

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
