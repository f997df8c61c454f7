// For tests: an S3-compatible server (s3rver) on a loopback port, with one
// bucket, its files in a temporary folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createS3Storage } from "~/.server/storage/s3";
import type { Storage } from "~/.server/storage/storage";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** A storage on this server's bucket. */
  storage(options?: { publicUrl?: string }): Storage;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = "playfolio-test"): Promise<TestS3> {
  // The SDK warns once per process that it will need Node 22 from 2027; tests need not say so.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts these fixed credentials.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    credentials,
    storage: (options = {}) => createS3Storage({ bucket, endpoint, credentials, ...options }),
    async stop() {
      // The SDK keeps connections alive; close them or close() waits for their idle timeout.
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
