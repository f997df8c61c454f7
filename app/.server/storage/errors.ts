/** A put on a key that already holds an object: keys are never reused. */
export class StorageKeyExistsError extends Error {
  constructor(readonly key: string) {
    super(`Storage already holds an object at ${key}; keys are never overwritten.`);
  }
}

/** A key this app could not have made (path traversal, odd characters). */
export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}
