// URL slugs (a project's project_name, a gallery's slug): lowercase letters,
// digits and single hyphens, never a hyphen at either end.
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 100;

/** True for a slug the database accepts (format and length; reserved words are checked elsewhere). */
export function isValidSlug(value: string, maxLength = SLUG_MAX_LENGTH): boolean {
  return value.length <= maxLength && SLUG_PATTERN.test(value);
}

/**
 * The spec's derivation: lowercase, trim, drop every other character, collapse
 * spaces and hyphens into single hyphens. Accents are folded first ("Café" →
 * "cafe"). The result is a valid slug, or "" when nothing usable is left.
 */
export function slugify(text: string, maxLength = SLUG_MAX_LENGTH): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/[^a-z0-9\s-]/g, "")
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/, "");
}
