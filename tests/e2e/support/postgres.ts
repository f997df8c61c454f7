// A fresh, empty database on the PostgreSQL of TEST_DATABASE_URL (CI starts
// one) for a spec's own server, dropped afterwards; the server migrates it.
import crypto from "node:crypto";
import pg from "pg";

export const postgresUrl = process.env.TEST_DATABASE_URL;

export async function withPostgresDatabase(run: (url: string) => Promise<void>): Promise<void> {
  if (!postgresUrl) throw new Error("withPostgresDatabase needs TEST_DATABASE_URL");
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  const name = `playfolio_e2e_${crypto.randomBytes(4).toString("hex")}`;
  await admin.query(`create database "${name}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
