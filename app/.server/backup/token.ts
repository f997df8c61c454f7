// The bearer token a backup command shows the running server: derived from AUTH_SECRET, which both share.
import crypto from "node:crypto";
import { authSecret } from "../auth/secret";

export function backupToken(secret: string = authSecret()): string {
  return crypto.createHmac("sha256", secret).update("playfolio-backup").digest("hex");
}
