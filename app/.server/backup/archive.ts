// The .tar.gz itself, through the tar package: packing a prepared directory as
// a stream, and unpacking an archive someone hands us without trusting it.
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { BackupError } from "./errors";
import { MANIFEST_FILE, parseManifest, type Manifest } from "./manifest";

export const DATABASE_DIR = "database";
export const UPLOADS_DIR = "uploads";

// The staged uploads are hard links to $DATA_DIR/uploads; tar would store a
// second name of one inode as a link entry, which a restore refuses. Never
// remembering an inode makes every file a plain file entry.
class ForgetfulMap<K, V> extends Map<K, V> {
  override set(): this {
    return this;
  }
}

/** A gzip'd tar of `dir` (manifest first, then database/, then uploads/), as a stream. */
export function packArchive(dir: string): Readable {
  const entries = [MANIFEST_FILE, DATABASE_DIR];
  if (fs.existsSync(path.join(dir, UPLOADS_DIR))) entries.push(UPLOADS_DIR);
  const pack = tar.create(
    { gzip: true, cwd: dir, portable: true, linkCache: new ForgetfulMap() as Map<`${number}:${number}`, string> },
    entries,
  );
  return Readable.from(pack);
}

function isAllowedEntry(entryPath: string, type: string): boolean {
  const clean = entryPath.replace(/\/+$/, "");
  if (type === "Directory") {
    return clean === DATABASE_DIR || clean === UPLOADS_DIR || clean.startsWith(`${UPLOADS_DIR}/`);
  }
  if (type !== "File" && type !== "OldFile" && type !== "ContiguousFile") return false;
  return (
    clean === MANIFEST_FILE ||
    new RegExp(`^${DATABASE_DIR}/[a-z_][a-z0-9_]*\\.jsonl$`).test(clean) ||
    clean.startsWith(`${UPLOADS_DIR}/`)
  );
}

function damaged(file: string, error: unknown): BackupError {
  const reason = error instanceof Error ? error.message : String(error);
  return new BackupError(`${file} is damaged or not a Playfolio backup (${reason}).`);
}

/** Unpacks into `into` what inspectArchive accepted; links, devices and unexpected paths are never written. */
export async function extractArchive(file: string, into: string): Promise<void> {
  const refused: string[] = [];
  try {
    await tar.extract({
      file,
      cwd: into,
      // A warning (a truncated entry, a bad header, a `..` path) means we cannot trust the rest.
      strict: true,
      // Our own archives of highly compressible rows must never be refused as a "zip bomb".
      maxDecompressionRatio: Infinity,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : "File";
        if (isAllowedEntry(entryPath, type)) return true;
        refused.push(`${entryPath} (${type})`);
        return false;
      },
    });
  } catch (error) {
    throw damaged(file, error);
  }
  if (refused.length > 0) throw new BackupError(`${file} is not a Playfolio backup: it holds ${refused[0]}.`);
}

export interface ArchiveContents {
  manifest: Manifest;
  /** How many upload files the archive really holds. */
  uploadFiles: number;
  /** The database/<table>.jsonl files it holds, by table name. */
  tables: Set<string>;
}

/**
 * Reads the whole archive without writing anything: that it is intact, holds
 * only what a backup holds, and what its manifest says. Run before unpacking,
 * so a damaged archive is refused before anything was written.
 */
export async function inspectArchive(file: string): Promise<ArchiveContents> {
  let manifestText: string | undefined;
  let uploadFiles = 0;
  const tables = new Set<string>();
  const refused: string[] = [];
  const reads: Promise<void>[] = [];
  try {
    await tar.list({
      file,
      strict: true,
      maxDecompressionRatio: Infinity,
      onReadEntry: (entry) => {
        const clean = entry.path.replace(/\/+$/, "");
        if (!isAllowedEntry(clean, entry.type)) refused.push(`${entry.path} (${entry.type})`);
        else if (clean === MANIFEST_FILE) {
          reads.push(
            entry.concat().then((data) => {
              manifestText = data.toString("utf8");
            }),
          );
        } else if (entry.type !== "Directory" && clean.startsWith(`${UPLOADS_DIR}/`)) uploadFiles++;
        else if (entry.type !== "Directory" && clean.startsWith(`${DATABASE_DIR}/`)) {
          tables.add(clean.slice(DATABASE_DIR.length + 1, -".jsonl".length));
        }
      },
    });
    await Promise.all(reads);
  } catch (error) {
    throw damaged(file, error);
  }
  if (refused.length > 0) throw new BackupError(`${file} is not a Playfolio backup: it holds ${refused[0]}.`);
  if (manifestText === undefined)
    throw new BackupError(`${file} is not a Playfolio backup: it has no ${MANIFEST_FILE}.`);
  return { manifest: parseManifest(manifestText), uploadFiles, tables };
}

/**
 * Writes a stream to `file` through `file.partial`, renamed once complete and
 * on disk: an interrupted backup never leaves a file that looks finished.
 */
export async function saveStream(stream: Readable, file: string): Promise<void> {
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  try {
    await pipeline(stream, out);
    const handle = await fs.promises.open(partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(partial, file);
  } catch (error) {
    // A stream cut off early may fail the pipeline while the file is still being opened (a busy
    // machine): removed before it exists, it would appear after. Wait until it is closed.
    if (!out.closed) await once(out, "close").catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
