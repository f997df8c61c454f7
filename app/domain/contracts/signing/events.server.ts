// The contract_events trail: one row per step, written in the step's
// transaction. It is the completion certificate's timeline and the staff
// page's, and what live notifications will publish later (by id and time).
import { asc, eq } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import type { ContractEventType } from "~/tables";

export interface EventActor {
  userId: string | null;
  contactId?: string | null;
  name: string;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

export async function recordContractEvent(
  tx: Tx,
  contractId: string,
  type: ContractEventType,
  actor: EventActor,
  details: Record<string, unknown> = {},
  at?: Date,
): Promise<void> {
  await tx.insert(schema.contractEvents).values({
    contractId,
    type,
    userId: actor.userId,
    contactId: actor.contactId ?? null,
    name: actor.name,
    email: actor.email,
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, 512) ?? null,
    details,
    ...(at ? { at } : {}),
  });
}

export async function listContractEvents(contractId: string, tx: Tx | ReturnType<typeof db> = db()) {
  return tx
    .select({
      id: schema.contractEvents.id,
      type: schema.contractEvents.type,
      at: schema.contractEvents.at,
      name: schema.contractEvents.name,
      email: schema.contractEvents.email,
      ip: schema.contractEvents.ip,
      userAgent: schema.contractEvents.userAgent,
      contactId: schema.contractEvents.contactId,
      userId: schema.contractEvents.userId,
      details: schema.contractEvents.details,
    })
    .from(schema.contractEvents)
    .where(eq(schema.contractEvents.contractId, contractId))
    .orderBy(asc(schema.contractEvents.at), asc(schema.contractEvents.id));
}

export type ContractEvent = Awaited<ReturnType<typeof listContractEvents>>[number];
