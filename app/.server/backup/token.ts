// The bearer token a backup command shows the running server: derived from
// AUTH_SECRET, which both share through the environment or $DATA_DIR/auth-secret.
import crypto from "node:crypto";
import { authSecret } from "../auth/secret";

export function backupToken(secret: string = authSecret()): string {
  return crypto.createHmac("sha256", secret).update("playfolio-backup").digest("hex");
}

export function isBackupToken(candidate: string): boolean {
  const expected = Buffer.from(backupToken());
  const given = Buffer.from(candidate);
  // The token's length is no secret; its content is compared in constant time.
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
