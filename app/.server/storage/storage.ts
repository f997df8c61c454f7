// Where the product keeps its files: one interface, two drivers (local disk under $DATA_DIR/uploads, or S3).
import type { Readable } from "node:stream";

export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
  /** A strong validator for conditional requests. */
  etag: string;
  /** When the object was written (garbage collection spares files still being saved). */
  modifiedAt: Date;
}

export interface Storage {
  readonly driver: "local" | "s3";
  /** Writes the object; keys are never reused, so an existing key is an error. */
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under a prefix (all keys without one), for garbage collection and backups. */
  list(prefix?: string): AsyncIterable<string>;
  publicUrl(key: string): string;
}
