// Storage keys: made here in the folder the domain names, never from the file's name, with a random
// part; only keys isValidKey passes are stored, so each is a safe relative path and URL path.
import crypto from "node:crypto";

/** Files under this prefix are never served publicly (only through a route that checks access). */
export const PRIVATE_PREFIX = "private/";

const MAX_KEY_LENGTH = 512;
// One folder or file name: no leading dot (so no "." or ".."), no slashes, backslashes, percent signs, NUL or spaces.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const EXTENSION = /^[a-z0-9]{1,5}$/;

/** True for a key this app could have made: slash-separated plain names, nothing that escapes a folder. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split("/").every((segment) => SEGMENT.test(segment));
}

/** A valid key anyone may see: not under private/, in any case (a case-insensitive disk would find it). */
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

/** `{folder}/{timestamp}-{random}.{ext}`: a new file's key in one of the product's folders. */
export function stampedKey(folder: string, ext: string): string {
  return folderKey(folder, `${stamped()}.${extension(ext)}`);
}

/** `{folder}/{random}.{ext}`, for files whose upload time needs no place in the name. */
export function randomKey(folder: string, ext: string): string {
  return folderKey(folder, `${randomPart(10)}.${extension(ext)}`);
}

function folderKey(folder: string, name: string): string {
  const key = `${folder}/${name}`;
  if (!isValidKey(key)) throw new Error(`Invalid folder for a storage key: ${JSON.stringify(folder)}`);
  return key;
}
