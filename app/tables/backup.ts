// What a backup leaves out and a restore puts right (app/.server/backup reads it;
// infrastructure names no table itself). Live state is not data: sessions,
// verification tokens, rate-limit counts, used form stamps and codes, and
// two-factor secrets stay out of an archive (it must not carry working sessions
// or second factors; after a restore everyone signs in again). The secrets are
// encrypted with the auth secret, which the archive does not hold either, so a
// restore turns two-factor off for every account ("require two-factor" then
// sends staff to set it up again) rather than leave anyone a second factor
// they cannot pass.
import { getTableName } from "drizzle-orm";
import { rateLimit, session, singleUse, twoFactor, user, verification } from "./auth";

/** Tables whose rows a backup leaves out (their definitions stay). */
export const TABLES_WITHOUT_ROWS: readonly string[] = [
  ...[session, verification, rateLimit, singleUse, twoFactor].map((table) => getTableName(table)),
  // Live updates' recent change events and who has which record open (drizzle/0018, not in the
  // Drizzle schema): after a restore everyone signs in again, and their pages load afresh.
  "live_events",
  "live_presence",
  // Today's visitor hashes (decision 0063): they live until the day ends, never in an archive.
  "page_visitors",
];

const twoFactorEnabled = user.twoFactorEnabled.name;
/**
 * Run after the rows (and the triggers pg_dump creates after them), in the restore's session:
 * giving the rows back is not a change for record_history to keep (its trigger reads the setting).
 */
export const AFTER_RESTORE =
  `select set_config('playfolio.history', 'off', false);\n` +
  `update "${getTableName(user)}" set "${twoFactorEnabled}" = false where "${twoFactorEnabled}"`;
