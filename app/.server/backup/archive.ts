// The .tar.gz through the tar package: packing a staged folder, and reading an archive without trusting it.
import { once } from "node:events";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import * as tar from "tar";
import { BackupError } from "./errors";
import { DATABASE_FILE, MANIFEST_FILE, parseManifest, UPLOADS_DIR, type Manifest } from "./manifest";

// The staged uploads are hard links: remembering no inode makes each a plain file entry (a restore refuses links).
class ForgetfulMap<K, V> extends Map<K, V> {
  override set(): this {
    return this;
  }
}

/** A gzip'd tar of `dir` (manifest first, then the database, then uploads/), as a stream. */
export function packArchive(dir: string): Readable {
  const entries = [MANIFEST_FILE, DATABASE_FILE];
  if (fs.existsSync(`${dir}/${UPLOADS_DIR}`)) entries.push(UPLOADS_DIR);
  const linkCache = new ForgetfulMap() as Map<`${number}:${number}`, string>;
  return Readable.from(tar.create({ gzip: true, cwd: dir, portable: true, linkCache }, entries));
}

function isAllowedEntry(entryPath: string, type: string): boolean {
  const clean = entryPath.replace(/\/+$/, "");
  const inUploads = clean === UPLOADS_DIR || clean.startsWith(`${UPLOADS_DIR}/`);
  if (type === "Directory") return inUploads;
  if (type !== "File" && type !== "OldFile" && type !== "ContiguousFile") return false;
  return clean === MANIFEST_FILE || clean === DATABASE_FILE || (inUploads && clean !== UPLOADS_DIR);
}

function damaged(file: string, error: unknown): BackupError {
  const reason = error instanceof Error ? error.message : String(error);
  return new BackupError(`${file} is damaged or not a Playfolio backup (${reason}).`);
}

// A warning (a truncated entry, a bad header, a `..` path) means we cannot trust the rest; our
// own archives of highly compressible SQL must never be refused as a "zip bomb".
const untrusted = { strict: true, maxDecompressionRatio: Infinity } as const;

export interface ArchiveContents {
  manifest: Manifest;
  databaseBytes: number;
  uploads: { files: number; bytes: number };
}

/** Reads the whole archive, writing nothing: intact, holding only what a backup holds, and its manifest. */
export async function inspectArchive(file: string): Promise<ArchiveContents> {
  let manifestText: string | undefined;
  let databaseBytes: number | undefined;
  const uploads = { files: 0, bytes: 0 };
  const refused: string[] = [];
  const reads: Promise<void>[] = [];
  try {
    await tar.list({
      file,
      ...untrusted,
      onReadEntry: (entry) => {
        const clean = entry.path.replace(/\/+$/, "");
        if (!isAllowedEntry(clean, entry.type)) refused.push(`${entry.path} (${entry.type})`);
        else if (clean === MANIFEST_FILE) reads.push(entry.concat().then((data) => void (manifestText = String(data))));
        else if (clean === DATABASE_FILE) databaseBytes = entry.size;
        else if (entry.type !== "Directory") {
          uploads.files++;
          uploads.bytes += entry.size;
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
  const manifest = parseManifest(manifestText);
  if (databaseBytes === undefined) throw new BackupError(`This backup is incomplete: it has no ${DATABASE_FILE}.`);
  return { manifest, databaseBytes, uploads };
}

/** Unpacks into `into` what inspectArchive accepted; links, devices and unexpected paths are never written. */
export async function extractArchive(file: string, into: string): Promise<void> {
  try {
    await tar.extract({
      file,
      cwd: into,
      ...untrusted,
      preserveOwner: false,
      filter: (entryPath, entry) => isAllowedEntry(entryPath, "type" in entry ? entry.type : "File"),
    });
  } catch (error) {
    throw damaged(file, error);
  }
}

/** Writes a stream to `file` through `file.partial`, renamed once on disk: nothing half-done looks finished. */
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
    // Cut off early, the pipeline may fail while the file is still opening: removed now, it would appear after.
    if (!out.closed) await once(out, "close").catch(() => undefined);
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}
