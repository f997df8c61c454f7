// A signed "this form was shown at" stamp for public forms: the page carries
// it in a hidden field, the post says how long the visitor took. Signed with
// the app's secret, so a bot cannot backdate it; not secret itself.
import crypto from "node:crypto";
import { authSecret } from "../auth/secret";

const sign = (shownAt: string) =>
  crypto.createHmac("sha256", authSecret()).update(`form-stamp:${shownAt}`).digest("base64url");

export function issueFormStamp(now = Date.now()): string {
  const shownAt = String(now);
  return `${shownAt}.${sign(shownAt)}`;
}

/** Milliseconds since the stamp was issued, or null for a missing or forged one. */
export function formStampAge(stamp: string | undefined, now = Date.now()): number | null {
  const [shownAt, signature, ...rest] = (stamp ?? "").split(".");
  if (!shownAt || !signature || rest.length > 0 || !/^\d{1,15}$/.test(shownAt)) return null;
  const expected = Buffer.from(sign(shownAt));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return now - Number(shownAt);
}
