// The storage of this process, made once from the environment; tests and tools may swap it.
import path from "node:path";
import { env, type Env } from "../env";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { Storage } from "./storage";

export type { Storage, StoredObject } from "./storage";
export { createLocalStorage } from "./local";

let current: Storage | undefined;

export function storageFromEnv(config: Env = env()): Storage {
  if (config.STORAGE_DRIVER === "s3") {
    return createS3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage({ root: path.join(config.DATA_DIR, "uploads") });
}

export function storage(): Storage {
  current ??= storageFromEnv();
  return current;
}

/** Replaces the process-wide storage (tests, tools); undefined goes back to the environment's. */
export function setStorage(replacement: Storage | undefined): void {
  current = replacement;
}
