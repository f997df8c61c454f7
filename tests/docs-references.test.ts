// Every document the repository cites is in it (issue 38 §6): the docs, the bench and a table's
// comment cited the design's own document (its budgets, its shared columns), which a clone does
// not have; the budgets are docs/budgets.md now. A name
// counts as found beside the file that cites it, from the repository's root, or as any tracked
// document of that name (docs cite decisions and each other by file name alone).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
/** The files that cite documents: docs, code and scripts (not generated snapshots). */
const CITING = /\.(md|ts|tsx|mjs|mts|js|sh|json)$|^\.ci\//;
/** A document's name: `README.md`, `docs/budgets.md`, `../testing.md`; not an identifier such as `forge.md.sha256`. */
const CITED = /(?<![\w/.-])((?:\.{1,2}\/)*[\w.-]+(?:\/[\w.-]+)*\.md)(?![\w-]|\.\w)/g;

test("every document a file of the repository cites is in the repository", () => {
  const documents = new Set(tracked.filter((file) => file.endsWith(".md")).map((file) => path.basename(file)));
  const missing: string[] = [];
  let cited = 0;
  for (const file of tracked.filter((name) => CITING.test(name) && !name.startsWith("drizzle/meta/"))) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    for (const [, name] of text.matchAll(CITED)) {
      cited++;
      const found =
        fs.existsSync(path.join(root, path.dirname(file), name!)) ||
        fs.existsSync(path.join(root, name!)) ||
        documents.has(path.basename(name!));
      if (!found) missing.push(`${file} cites ${name}`);
    }
  }
  expect(cited).toBeGreaterThan(50);
  expect(missing).toEqual([]);
});
