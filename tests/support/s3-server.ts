import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * Issue 49: an S3-compatible server for the STORAGE=s3 tests, started by the test itself on
 * 127.0.0.1 and a free port: s3rver, an npm devDependency, keeping its bucket in a temporary
 * folder. It takes presigned POSTs but does not enforce their policy (size range, type): the
 * server's completion checks both again, and a test reads the policy we sign.
 */
export const S3_BUCKET = 'tasklane-test';
/** s3rver's own account. */
const S3_KEY = 'S3RVER';

export interface S3Server {
  /** STORAGE=s3 aimed at it, for parseConfig or a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tasklane-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3_KEY,
      AWS_SECRET_ACCESS_KEY: S3_KEY,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
