// The S3-compatible driver: browsers load objects from S3_PUBLIC_URL when set, else through /media.
import { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import { assertTypeMatchesKey, contentTypeForKey } from "./content-type";
import { InvalidStorageKeyError, StorageKeyExistsError } from "./errors";
import { isPublicKey, isValidKey } from "./keys";
import type { Storage, StoredObject } from "./storage";

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  /** A non-AWS endpoint (MinIO, s3rver…); path-style addressing is used with it. */
  endpoint?: string;
  /** Where browsers load objects from; without it, the /media proxy. */
  publicUrl?: string;
  /** Explicit credentials; otherwise the SDK's usual chain (AWS_ACCESS_KEY_ID, profiles, roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

type Sdk = typeof S3Sdk;
// Loaded at first use: a server on local disk never needs the SDK, and start-up should not pay for it.
let sdk: Promise<Sdk> | undefined;
const loadSdk = () => (sdk ??= import("@aws-sdk/client-s3"));

function status(s3: Sdk, error: unknown): number | undefined {
  return error instanceof s3.S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket } = options;
  let connection: Promise<{ s3: Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connection ??= loadSdk().then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region ?? "us-east-1",
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        // Many S3-compatible servers reject the SDK's default extra checksums; send them only when required.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const publicBase = options.publicUrl?.replace(/\/+$/, "");

  async function exists(key: string): Promise<boolean> {
    const { s3, client } = await connect();
    try {
      await client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (status(s3, error) === 404) return false;
      throw error;
    }
  }

  async function* list(prefix: string): AsyncGenerator<string> {
    const { s3, client } = await connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key && isValidKey(object.Key)) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  return {
    driver: "s3",

    async put(key, body, { contentType }) {
      if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
      assertTypeMatchesKey(key, contentType);
      // If-None-Match refuses an existing key atomically; the look beforehand covers servers that ignore it.
      if (await exists(key)) throw new StorageKeyExistsError(key);
      const { s3, client } = await connect();
      try {
        await client.send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
            IfNoneMatch: "*",
            CacheControl: "public, max-age=31536000, immutable",
          }),
        );
      } catch (error) {
        if (status(s3, error) === 412) throw new StorageKeyExistsError(key);
        throw error;
      }
    },

    async get(key): Promise<StoredObject | null> {
      if (!isValidKey(key)) return null;
      const { s3, client } = await connect();
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a readable body`);
        return {
          body: object.Body,
          contentType: object.ContentType ?? contentTypeForKey(key),
          size: object.ContentLength ?? 0,
          etag: object.ETag ?? `"${key}"`,
          modifiedAt: object.LastModified ?? new Date(),
        };
      } catch (error) {
        if (status(s3, error) === 404) return null;
        throw error;
      }
    },

    async delete(key) {
      if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    list(prefix = "") {
      return list(prefix);
    },

    publicUrl(key) {
      if (!isPublicKey(key)) throw new InvalidStorageKeyError(key);
      return publicBase ? `${publicBase}/${key}` : `/media/${key}`;
    },
  };
}
