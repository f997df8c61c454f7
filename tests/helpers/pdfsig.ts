// poppler's pdfsig on a PDF's bytes: what a reader says of its signatures.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** pdfsig's report; it exits non-zero on a broken signature, whose report is returned all the same. */
export function pdfsig(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdfsig-"));
  const file = path.join(dir, "sealed.pdf");
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
