// Vitest hashes passwords cheaply (decision 0088); the app itself keeps better-auth's scrypt.
import { eq } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { passwordHashing, setCheapPasswordHashing } from "./password-hashing";

withTestDatabase();

async function storedHash(userId: string): Promise<string> {
  const [account] = await db().select().from(schema.account).where(eq(schema.account.userId, userId));
  return account?.password ?? "";
}

describe("password hashing", () => {
  test("Vitest's accounts get the cheap, marked hash, which checks the password", async () => {
    const hashing = passwordHashing();
    expect(hashing).toBeDefined();
    const hash = await hashing!.hash("correct-horse-battery");
    expect(hash).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing!.verify({ hash, password: "correct-horse-battery" })).toBe(true);
    expect(await hashing!.verify({ hash, password: "correct-horse-batterx" })).toBe(false);
  });

  test("cheap hashing cannot be switched on outside Vitest", () => {
    expect(() => setCheapPasswordHashing(true, { NODE_ENV: "production" })).toThrow(/Vitest only/);
    expect(() => setCheapPasswordHashing(true, { NODE_ENV: "test" })).toThrow(/Vitest only/);
    expect(passwordHashing()).toBeDefined();
  });

  describe("without it, as the app runs", () => {
    // The auth instance reads the hashing when it is made, once per database: this file's is made below.
    beforeAll(() => setCheapPasswordHashing(false));
    afterAll(() => setCheapPasswordHashing(true));

    test("an account's password is stored as better-auth's scrypt hash, never in clear", async () => {
      const user = await createUser();
      const hash = await storedHash(user.id);
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(hash).not.toContain(user.password);
      expect(await verifyPassword({ hash, password: user.password })).toBe(true);
      expect(await verifyPassword({ hash, password: "not-the-password" })).toBe(false);
    });
  });
});
