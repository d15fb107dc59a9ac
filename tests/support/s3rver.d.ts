// s3rver 3.7 ships no types: the part the S3 storage test uses.
declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<import("node:net").AddressInfo>;
    close(): Promise<void>;
  }
}
