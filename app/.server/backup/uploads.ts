// The files of $DATA_DIR/uploads. They are immutable (written once, then only
// deleted), so a hard link is as good as a copy and costs no space or time.
import fs from "node:fs";
import path from "node:path";

/** The keys (paths with "/", relative to `dir`) of every regular file under `dir`; nothing when `dir` is absent. */
export async function* uploadKeys(dir: string, prefix = ""): AsyncGenerator<string> {
  let handle: fs.Dir;
  try {
    handle = await fs.promises.opendir(path.join(dir, prefix));
  } catch (error) {
    // A folder deleted while we walk simply has no files left.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  for await (const entry of handle) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* uploadKeys(dir, key);
    else if (entry.isFile()) yield key;
  }
}

export async function hasAnyFile(dir: string): Promise<boolean> {
  for await (const _key of uploadKeys(dir)) return true;
  return false;
}

/** Links `from` to `to` (never replacing `to`), or copies it where links do not work. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EMLINK" && code !== "ENOSYS") {
      throw error;
    }
    await fs.promises.copyFile(from, to, fs.constants.COPYFILE_EXCL);
  }
}

export interface CopiedFiles {
  files: number;
  bytes: number;
}

/**
 * Copies every file of `from` into `to`. A file deleted meanwhile is skipped:
 * `onVanished` hears its key. Returns what was copied.
 */
export async function copyUploads(
  from: string,
  to: string,
  onVanished: (key: string) => void = () => {},
): Promise<CopiedFiles & { keys: Set<string> }> {
  const made = new Set<string>();
  const keys = new Set<string>();
  let bytes = 0;
  for await (const key of uploadKeys(from)) {
    const target = path.join(to, key);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      await fs.promises.mkdir(folder, { recursive: true });
      made.add(folder);
    }
    try {
      await linkOrCopy(path.join(from, key), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      onVanished(key);
      continue;
    }
    bytes += (await fs.promises.stat(target)).size;
    keys.add(key);
  }
  return { files: keys.size, bytes, keys };
}

export interface PlacedFiles extends CopiedFiles {
  /** Removes the placed files and the folders made for them. */
  undo(): Promise<void>;
}

/** Puts the files of `from` into `to`, refusing to replace any file there; on failure, removes what it put. */
export async function placeUploads(from: string, to: string): Promise<PlacedFiles> {
  const placed: string[] = [];
  const madeFolders: string[] = [];
  let bytes = 0;
  const undo = async () => {
    for (const file of placed) await fs.promises.rm(file, { force: true });
    // Deepest first (longest path); a folder that also holds someone else's files stays.
    const deepestFirst = [...madeFolders].sort((a, b) => b.length - a.length);
    for (const folder of deepestFirst) await fs.promises.rmdir(folder).catch(() => {});
  };
  try {
    for await (const key of uploadKeys(from)) {
      const target = path.join(to, key);
      const first = await fs.promises.mkdir(path.dirname(target), { recursive: true });
      if (first) {
        // mkdir returns the first folder it made; record it and the ones below it.
        for (let folder = path.dirname(target); folder.length >= first.length; folder = path.dirname(folder)) {
          madeFolders.push(folder);
          if (folder === first) break;
        }
      }
      await linkOrCopy(path.join(from, key), target);
      placed.push(target);
      bytes += (await fs.promises.stat(target)).size;
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { files: placed.length, bytes, undo };
}

/** True when a folder is missing or has nothing in it. */
export function isEmptyOrAbsent(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}
