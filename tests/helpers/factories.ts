// Rows for tests (and the demo seed), inserted straight through Drizzle.
import crypto from "node:crypto";
import { db, schema } from "~/.server/db";

const suffix = () => crypto.randomBytes(3).toString("hex");

export async function makeIndustryType(values: Partial<typeof schema.industryTypes.$inferInsert> = {}) {
  const [row] = await db()
    .insert(schema.industryTypes)
    .values({ name: `Industry ${suffix()}`, ...values })
    .returning();
  return row!;
}

export async function makeClient(values: Partial<typeof schema.clients.$inferInsert> = {}) {
  const [row] = await db()
    .insert(schema.clients)
    .values({ name: `Client ${suffix()}`, ...values })
    .returning();
  return row!;
}

export async function makeContact(values: Partial<typeof schema.contacts.$inferInsert> & { clientId: string }) {
  const [row] = await db()
    .insert(schema.contacts)
    .values({ name: `Contact ${suffix()}`, ...values })
    .returning();
  return row!;
}

export async function makeProject(values: Partial<typeof schema.projects.$inferInsert> & { clientId: string }) {
  const [row] = await db()
    .insert(schema.projects)
    .values({ title: `Project ${suffix()}`, ...values })
    .returning();
  return row!;
}

export async function makeOption(values: Partial<typeof schema.playgroundOptions.$inferInsert> = {}) {
  const [row] = await db()
    .insert(schema.playgroundOptions)
    .values({ optionName: `Option ${suffix()}`, ...values })
    .returning();
  return row!;
}
