// A signed "form shown at" stamp for public forms: a bot cannot backdate it, and its id lets a form take it once.
import crypto from "node:crypto";
import { authSecret } from "../auth/secret";

const sign = (body: string) =>
  crypto.createHmac("sha256", authSecret()).update(`form-stamp:${body}`).digest("base64url");

export function issueFormStamp(now = Date.now()): string {
  const body = `${now}.${crypto.randomBytes(12).toString("base64url")}`;
  return `${body}.${sign(body)}`;
}

export interface FormStamp {
  /** This stamp's own id: one stamp, one submission. */
  id: string;
  /** When the form was shown (ms since the epoch). */
  shownAt: number;
  /** How long ago that was. */
  ageMs: number;
}

/** The stamp a form posted, or null for a missing, malformed or forged one. */
export function readFormStamp(stamp: string | undefined, now = Date.now()): FormStamp | null {
  const [shownAt, id, signature, ...rest] = (stamp ?? "").split(".");
  if (!shownAt || !id || !signature || rest.length > 0) return null;
  if (!/^\d{1,15}$/.test(shownAt) || !/^[\w-]{16}$/.test(id)) return null;
  const expected = Buffer.from(sign(`${shownAt}.${id}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { id, shownAt: Number(shownAt), ageMs: now - Number(shownAt) };
}
