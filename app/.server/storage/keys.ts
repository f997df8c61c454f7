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

const random = (bytes: number) => crypto.randomBytes(bytes).toString("hex");

/** `{folder}/{timestamp}-{random}.{ext}`: sorts by upload time and never collides within a millisecond. */
export function stampedKey(folder: string, ext: string): string {
  return folderKey(folder, `${Date.now()}-${random(5)}`, ext);
}

/** `{folder}/{random}.{ext}`, for files whose upload time needs no place in the name. */
export function randomKey(folder: string, ext: string): string {
  return folderKey(folder, random(10), ext);
}

function folderKey(folder: string, name: string, ext: string): string {
  if (!EXTENSION.test(ext)) throw new Error(`Invalid file extension for a storage key: ${JSON.stringify(ext)}`);
  const key = `${folder}/${name}.${ext}`;
  if (!isValidKey(key)) throw new Error(`Invalid folder for a storage key: ${JSON.stringify(folder)}`);
  return key;
}
