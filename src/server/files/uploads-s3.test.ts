import { describeUploads } from '../../../tests/support/upload-cases.ts';
import { startS3Server } from '../../../tests/support/s3-server.ts';

/**
 * Issue 49: the same upload cases with STORAGE=s3, against an S3-compatible server the test
 * starts itself (s3rver, tests/support/s3-server.ts): browsers' presigned POSTs to the bucket,
 * the server reading the objects back, variants written to the bucket and served from it.
 */
describeUploads('s3', startS3Server);
