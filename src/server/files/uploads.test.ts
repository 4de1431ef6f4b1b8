import { describeUploads } from '../../../tests/support/upload-cases.ts';

/** Issue 49: uploads with STORAGE=local (the cases: tests/support/upload-cases.ts). */
describeUploads('local', async () => ({ env: {}, close: async () => undefined }));
