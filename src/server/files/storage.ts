import type { StorageConfig } from '../config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local-storage.ts';

/** The storage STORAGE chose; the AWS SDK is loaded only for s3. */
export async function createStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.mode === 'local') return createLocalStorage(config.dir);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config);
}
