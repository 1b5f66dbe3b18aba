// The parts of @20minutes/s3rver (an S3-compatible server for tests, no types of its own) the tests use.
declare module '@20minutes/s3rver' {
  export type S3rverOptions = {
    address?: string;
    /** 0: any free port (run() answers the one taken). */
    port?: number;
    silent?: boolean;
    /** Where the buckets' files are kept. */
    directory?: string;
    configureBuckets?: Array<{ name: string }>;
    /** false (the default): a request signed with a wrong secret is refused. */
    allowMismatchedSignatures?: boolean;
  };
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

declare module '@20minutes/s3rver/lib/models/account.js' {
  const account: {
    /** The server's only account; requests' signatures are checked against its access keys. */
    DUMMY_ACCOUNT: {
      createKeyPair(accessKeyId: string, secretAccessKey: string): void;
      revokeAccessKey(accessKeyId: string): void;
    };
  };
  export default account;
}
