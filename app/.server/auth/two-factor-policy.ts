// "Require two-factor sign-in for all staff" (Settings → Team), read on each staff request without a second factor.
import { eq } from "drizzle-orm";
import { db, schema } from "../db";

export async function twoFactorRequired(): Promise<boolean> {
  const [row] = await db()
    .select({ required: schema.securitySettings.requireTwoFactor })
    .from(schema.securitySettings)
    .where(eq(schema.securitySettings.id, 1));
  return row?.required ?? false;
}

export const TWO_FACTOR_SETUP_PATH = "/auth/two-factor/setup";
