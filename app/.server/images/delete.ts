// Removing stored files (an image's original and variants, a document).
import { logger } from "../logger";
import type { Storage } from "../storage/storage";

/** Removes every key; throws after trying them all if any could not be removed. */
export async function deleteKeys(store: Storage, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  const failed = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed.length > 0) {
    throw new AggregateError(
      failed.map((result) => result.reason),
      `Could not delete ${failed.length} of ${keys.length} stored files`,
    );
  }
}

/** For cleanup after a failure: removes what it can and logs the rest (npm run media:gc finds them later). */
export async function deleteKeysQuietly(store: Storage, keys: string[]): Promise<void> {
  try {
    await deleteKeys(store, keys);
  } catch (error) {
    logger().warn({ err: error, keys }, "could not remove stored files; npm run media:gc will find them");
  }
}
