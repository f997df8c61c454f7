// Uploads are immutable: a backup hard-links them, freezing the set uncopied (tar fails on a file deleted under it).
import fs from "node:fs";
import path from "node:path";

/** The paths of every regular file under `dir`, relative to it; none when `dir` is absent. */
export async function uploadFiles(dir: string): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Links (or, across disks, copies) every file of `from` into `to`; a file deleted meanwhile is left out. */
export async function linkUploads(from: string, to: string): Promise<void> {
  for (const file of await uploadFiles(from)) {
    const target = path.join(to, file);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.link(path.join(from, file), target).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT" || error.code === "EEXIST") throw error;
        return fs.promises.copyFile(path.join(from, file), target, fs.constants.COPYFILE_EXCL);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/** Removes `dir` if it holds folders but no file (what a fresh DATA_DIR may have); false if it holds a file. */
export async function removeIfNoFiles(dir: string): Promise<boolean> {
  if ((await uploadFiles(dir)).length > 0) return false;
  // rmdir, deepest first: it fails rather than remove a file that appeared meanwhile.
  const folders = (await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => b.length - a.length);
  for (const folder of [...folders, dir]) await fs.promises.rmdir(folder).catch(ignoreMissing);
  return true;
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== "ENOENT") throw error;
}
