// s3rver ships without types; the tests start it, and this is all they use.
declare module "s3rver" {
  import type http from "node:http";
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    httpServer?: http.Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
