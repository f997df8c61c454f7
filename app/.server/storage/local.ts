// The local-disk driver ($DATA_DIR/uploads): writes go to a temporary file, then hard-linked into place,
// so nobody reads half a file and no key is replaced.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { assertTypeMatchesKey, contentTypeForKey } from "./content-type";
import { InvalidStorageKeyError, StorageKeyExistsError } from "./errors";
import { isPublicKey, isValidKey } from "./keys";
import type { Storage, StoredObject } from "./storage";

export interface LocalStorageOptions {
  root: string;
}

const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

async function* nothing(): AsyncGenerator<string> {}

export function createLocalStorage(options: LocalStorageOptions): Storage {
  const root = path.resolve(options.root);
  // Half-written files wait beside the root, so backups and `list` never see them.
  const tempDir = path.join(path.dirname(root), `.${path.basename(root)}-tmp`);

  const fileOf = (key: string) => path.join(root, ...key.split("/"));

  async function placeWithoutReplacing(temp: string, target: string, key: string): Promise<void> {
    try {
      await fs.promises.link(temp, target);
    } catch (error) {
      const code = errorCode(error);
      if (code === "EEXIST") throw new StorageKeyExistsError(key);
      // Filesystems without hard links (or a temp dir on another device): an exclusive copy.
      if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
      try {
        await fs.promises.copyFile(temp, target, fs.constants.COPYFILE_EXCL);
      } catch (copyError) {
        if (errorCode(copyError) === "EEXIST") throw new StorageKeyExistsError(key);
        throw copyError;
      }
    }
  }

  async function* walk(folder: string, prefix: string): AsyncGenerator<string> {
    let dir: fs.Dir;
    try {
      dir = await fs.promises.opendir(path.join(root, folder));
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? "")) return;
      throw error;
    }
    for await (const entry of dir) {
      if (entry.name.startsWith(".")) continue;
      const key = folder ? `${folder}/${entry.name}` : entry.name;
      // Only descend where keys under the prefix can be: "a/b" for prefix "a/b/c", not "a/x".
      if (entry.isDirectory() && (key.startsWith(prefix) || prefix.startsWith(`${key}/`))) yield* walk(key, prefix);
      else if (entry.isFile() && key.startsWith(prefix)) yield key;
    }
  }

  return {
    driver: "local",

    async put(key, body, { contentType }) {
      if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
      assertTypeMatchesKey(key, contentType);
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.mkdir(tempDir, { recursive: true });
      const temp = path.join(tempDir, `${crypto.randomBytes(8).toString("hex")}.tmp`);
      try {
        const handle = await fs.promises.open(temp, "wx");
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await placeWithoutReplacing(temp, target, key);
      } finally {
        await fs.promises.rm(temp, { force: true });
      }
    },

    async get(key): Promise<StoredObject | null> {
      if (!isValidKey(key)) return null;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(fileOf(key), "r");
      } catch (error) {
        if (MISSING.has(errorCode(error) ?? "")) return null;
        throw error;
      }
      const stat = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return {
        body: handle.createReadStream(),
        contentType: contentTypeForKey(key),
        size: stat.size,
        // Files are written once and never changed, so size and write time identify the content.
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        modifiedAt: stat.mtime,
      };
    },

    async delete(key) {
      if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
      await fs.promises.rm(fileOf(key), { force: true });
    },

    list(prefix = "") {
      // Start from the deepest folder the prefix names whole ("a/b/" or "a/b/c" → "a/b").
      const slash = prefix.lastIndexOf("/");
      const start = slash === -1 ? "" : prefix.slice(0, slash);
      if (start && !isValidKey(start)) return nothing();
      return walk(start, prefix);
    },

    publicUrl(key) {
      if (!isPublicKey(key)) throw new InvalidStorageKeyError(key);
      return `/media/${key}`;
    },
  };
}
