import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeIndustryType } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { DuplicateError, StaleRecordError } from "../errors";
import { createIndustryType, deleteIndustryType, listIndustryTypes, updateIndustryType } from "./industry-types.server";
import { industryTypeFormSchema } from "./schema";

withTestDatabase();

describe("industry types", () => {
  test("a name of spaces only is refused with 'Name is required'", () => {
    const result = industryTypeFormSchema.safeParse({ intent: "create", name: "   " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Name is required");
  });

  test("names are trimmed and listed alphabetically", async () => {
    const parsed = industryTypeFormSchema.parse({ intent: "create", name: "  Zoos  ", description: "" });
    expect(parsed).toMatchObject({ name: "Zoos", description: null });
    await createIndustryType({ name: "Zoos", description: null });
    await createIndustryType({ name: "Airports", description: "Play areas at gates" });
    const names = (await listIndustryTypes()).map((t) => t.name);
    expect(names.indexOf("Airports")).toBeLessThan(names.indexOf("Zoos"));
  });

  test("a duplicate name is refused with a clear message", async () => {
    await createIndustryType({ name: "Schools", description: null });
    await expect(createIndustryType({ name: "Schools", description: null })).rejects.toThrow(
      new DuplicateError('An industry type named "Schools" already exists.', "name"),
    );
  });

  test("renaming a type renames it on every client that uses it", async () => {
    const type = await makeIndustryType({ name: "Parks" });
    const a = await makeClient({ industryType: "Parks" });
    const b = await makeClient({ industryType: "Parks" });
    await updateIndustryType(type.id, type.updatedAt.toISOString(), { name: "Public Parks", description: null });
    const rows = await db().select({ id: schema.clients.id, t: schema.clients.industryType }).from(schema.clients);
    expect(rows.filter((r) => r.id === a.id || r.id === b.id).map((r) => r.t)).toEqual([
      "Public Parks",
      "Public Parks",
    ]);
  });

  test("a second save from a stale form is refused, not silently applied", async () => {
    const type = await makeIndustryType({ name: "Hotels" });
    const version = type.updatedAt.toISOString();
    const newer = await updateIndustryType(type.id, version, { name: "Hotels & Resorts", description: null });
    const stale = updateIndustryType(type.id, version, { name: "Hospitality", description: null });
    await expect(stale).rejects.toBeInstanceOf(StaleRecordError);
    await expect(stale).rejects.toMatchObject({ currentVersion: newer });
    const [row] = await db().select().from(schema.industryTypes).where(eq(schema.industryTypes.id, type.id));
    expect(row?.name).toBe("Hotels & Resorts");
    // Saving again with the current version is a deliberate overwrite.
    await updateIndustryType(type.id, newer, { name: "Hospitality", description: null });
  });

  test("deleting a type in use keeps its clients and clears their type", async () => {
    const type = await makeIndustryType({ name: "Malls" });
    const client = await makeClient({ industryType: "Malls" });
    expect(await deleteIndustryType(type.id)).toEqual({ name: "Malls", clientsAffected: 1 });
    const [row] = await db().select().from(schema.clients).where(eq(schema.clients.id, client.id));
    expect(row?.industryType).toBeNull();
  });
});
