import { buildApp, DEFAULT_CLIENT_DIR } from './app.ts';
import { loadAuthSecret } from './auth/secret.ts';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

/** Entry: read config, open and migrate the database, listen, close cleanly on SIGTERM/SIGINT. */
const config = parseConfig();
const { db, engine, close } = await openDatabase(config);
const app = await buildApp({
  config,
  db,
  engine,
  authSecret: loadAuthSecret(config.authSecret, config.dataDir),
  clientDir: DEFAULT_CLIENT_DIR,
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping: finishing requests in flight');
  try {
    await app.close(); // stops accepting, waits for requests in flight
  } finally {
    await close();
  }
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

try {
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Tasklane is serving ${address} (${engine}); open ${config.publicUrl}`);
} catch (error) {
  app.log.error(error);
  await close();
  process.exit(1);
}
