// A contract's status as people should see it today: one sent for signature
// whose last day has passed is expired, even before the hourly job writes it.
import { sql } from "drizzle-orm";
import { schema } from "~/.server/db";
import type { ContractStatus } from "./schema";

const { contracts } = schema;

export function effectiveStatus(today: string) {
  return sql<ContractStatus>`case when ${contracts.status} in ('sent', 'viewed') and ${contracts.expiresOn} < ${today}::date then 'expired' else ${contracts.status} end`;
}
