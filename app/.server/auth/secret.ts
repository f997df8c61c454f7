// AUTH_SECRET, or one generated once into $DATA_DIR so sessions survive restarts without setup.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "../env";

let cached: string | undefined;

export function authSecret(): string {
  if (cached) return cached;
  const { AUTH_SECRET, DATA_DIR } = env();
  if (AUTH_SECRET) return (cached = AUTH_SECRET);
  const file = path.join(DATA_DIR, "auth-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      cached = secret;
    } catch {
      // Another process wrote it first: use theirs.
      cached = fs.readFileSync(file, "utf8").trim();
    }
  }
  return cached;
}

/** An HMAC-SHA256 of `value` for one `purpose`: a copy of the database alone cannot reverse it, however few the values. */
export function secretHash(purpose: string, value: string): string {
  return crypto.createHmac("sha256", authSecret()).update(`${purpose}:${value}`).digest("base64url");
}
