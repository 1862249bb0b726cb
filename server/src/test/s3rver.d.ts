/** The part of s3rver (the maintained @20minutes fork, plain JavaScript) the tests use. */
declare module "@20minutes/s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  /** A Koa application: `middleware` is Koa's list, run in order for every request. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: unknown[];
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
