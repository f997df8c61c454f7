// Infrastructure names no entity (issue 27): no module under app/.server names
// a product table, by its SQL name or through `schema.`, nor one of the
// product's storage folders. The account tables (better-auth's and the
// security settings) are the auth infrastructure's own; "uploads" is also the
// uploads folder's name, so only `schema.uploads` counts for that table.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { expect, test } from "vitest";
import * as tables from "~/tables";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const AUTH_TABLES = new Set([
  "user",
  "session",
  "account",
  "verification",
  "two_factor",
  "rate_limit",
  "security_settings",
]);
const FOLDERS = ["client-logos", "company/", "project-files", "contracts/", "playground-options"];

function infrastructureFiles(dir = path.join(root, "app/.server")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return infrastructureFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("no module under app/.server names a product table or a product storage folder", () => {
  const entities = Object.entries(tables)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => ({ name, sqlName: getTableName(table as PgTable) }))
    .filter((table) => !AUTH_TABLES.has(table.sqlName));
  expect(entities.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const file of infrastructureFiles()) {
    const text = fs.readFileSync(file, "utf8");
    const where = path.relative(root, file);
    for (const table of entities) {
      const quoted = text.includes(`"${table.sqlName}"`) || text.includes(`'${table.sqlName}'`);
      if (quoted && table.sqlName !== "uploads") found.push(`${where}: "${table.sqlName}"`);
      if (new RegExp(`\\bschema\\.${table.name}\\b`).test(text)) found.push(`${where}: schema.${table.name}`);
    }
    for (const folder of FOLDERS) {
      if (text.includes(`\`${folder}`) || text.includes(`"${folder}`)) found.push(`${where}: ${folder}`);
    }
  }
  expect(found).toEqual([]);
});

// The entity's words, in code and comments alike ("client" only as a quoted value: the word also
// names an S3 or pg client). The folders listed are those already free of them (issue 39), and the
// server's entry, which starts the product's work through app/domain without naming it.
const ENTITY_WORDS = /project|contact|contract|galler|inquir|portal|proposal|["'`]client["'`]/i;
const WORD_FREE = [
  ...["auth", "images", "storage", "backup", "signing", "http", "render-cache"],
  ...["pdf-fonts.ts", "mail.ts", "env.ts", "single-use.ts"],
]
  .map((part) => `app/.server/${part}`)
  .concat("server.ts");

test("no module of the word-free parts of app/.server names an entity, not even in a comment", () => {
  const found = WORD_FREE.flatMap((part) => {
    const full = path.join(root, part);
    return fs.statSync(full).isDirectory() ? infrastructureFiles(full) : [full];
  }).flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) =>
        ENTITY_WORDS.test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});
