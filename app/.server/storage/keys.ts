// Storage keys: where each kind of file lives. Keys are made here and never
// from the uploaded file's name; a random part keeps two uploads made in the
// same millisecond apart. Only keys that pass isValidKey are ever stored, so a
// key is also a safe relative path and a safe URL path.
import crypto from "node:crypto";
import { isUuid } from "~/lib/uuid";

/** Files under this prefix (contract documents) are never served publicly. */
export const PRIVATE_PREFIX = "private/";

/** Every folder the product writes to; garbage collection looks nowhere else. */
export const KEY_PREFIXES = ["client-logos/", "company/", "project-files/", PRIVATE_PREFIX] as const;

const MAX_KEY_LENGTH = 512;
// One folder or file name: no leading dot (so no "." or ".."), no slashes,
// backslashes, percent signs, NUL or spaces.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const EXTENSION = /^[a-z0-9]{1,5}$/;

/** True for a key this app could have made: slash-separated plain names, nothing that escapes a folder. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split("/").every((segment) => SEGMENT.test(segment));
}

/**
 * True for a valid key that may be shown to anyone (not under private/, in any
 * case: a case-insensitive disk or proxy would find "PRIVATE/…" there too).
 */
export function isPublicKey(key: string): boolean {
  return isValidKey(key) && !key.toLowerCase().startsWith(PRIVATE_PREFIX);
}

function randomPart(bytes: number): string {
  return crypto.randomBytes(bytes).toString("hex");
}

/** `{timestamp}-{random}`: sorts by upload time and never collides within a millisecond. */
function stamped(): string {
  return `${Date.now()}-${randomPart(5)}`;
}

function extension(ext: string): string {
  if (!EXTENSION.test(ext)) throw new Error(`Invalid file extension for a storage key: ${JSON.stringify(ext)}`);
  return ext;
}

export function clientLogoKey(ext: string): string {
  return `client-logos/${stamped()}.${extension(ext)}`;
}

/** The company's own logo (footer settings). */
export function companyLogoKey(ext: string): string {
  return `company/${stamped()}.${extension(ext)}`;
}

/** A signed contract's PDF: private, so it is only ever served through the staff download route. */
export function contractDocumentKey(): string {
  return `${PRIVATE_PREFIX}contracts/${stamped()}.pdf`;
}

export function optionImageKey(ext: string): string {
  return `project-files/playground-options/${randomPart(10)}.${extension(ext)}`;
}

export function projectImageKey(projectId: string, category: string, ext: string): string {
  // Both end up in the path: refuse anything that is not exactly an id and a plain name.
  if (!isUuid(projectId)) throw new Error(`Invalid project id for a storage key: ${JSON.stringify(projectId)}`);
  if (!/^[a-z0-9_]+$/.test(category))
    throw new Error(`Invalid category for a storage key: ${JSON.stringify(category)}`);
  return `project-files/${projectId.toLowerCase()}/${category}/${stamped()}.${extension(ext)}`;
}
