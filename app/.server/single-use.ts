// "Used once" for things valid a while (a form's stamp, an authenticator code): one statement on the
// primary key claims it, so two racing processes cannot both win; a claim lasts as long as the thing.
import { sql } from "drizzle-orm";
import { db, type Db, type Tx } from "./db";

/** True when this is the first use of `key` (or the last claim has lapsed); false when it was used. */
export async function claimOnce(key: string, expiresAt: Date, tx: Tx | Db = db()): Promise<boolean> {
  const claimed = await tx.execute(sql`
    insert into single_use (key, expires_at) values (${key}, ${expiresAt.toISOString()})
    on conflict (key) do update set expires_at = excluded.expires_at
    where single_use.expires_at <= now()
    returning key`);
  if (Math.random() < 0.01) await tx.execute(sql`delete from single_use where expires_at <= now()`);
  return claimed.rows.length > 0;
}

/** Gives a claim back: the use it was for did not happen (a wrong code, say). */
export async function releaseClaim(key: string): Promise<void> {
  await db().execute(sql`delete from single_use where key = ${key}`);
}
