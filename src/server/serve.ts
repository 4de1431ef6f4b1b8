import { buildApp, closeGracefully, DEFAULT_CLIENT_DIR } from './app.ts';
import { loadAuthSecret } from './auth/secret.ts';
import { parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { startSweeps, type Sweeps } from './sweeps.ts';

/** The server: read config, open and migrate the database, listen, close cleanly on SIGTERM/SIGINT. */
const config = parseConfig();
const { db, engine, close, observeQueries, poolUse, handOverCheckpoints } =
  await openDatabase(config);
const app = await buildApp({
  config,
  db,
  engine,
  observeQueries,
  poolUse,
  handOverCheckpoints,
  warmUp: true,
  authSecret: loadAuthSecret(config.authSecret, config.dataDir),
  clientDir: config.clientDir ?? DEFAULT_CLIENT_DIR,
});

/** How long requests in flight get to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
let sweeps: Sweeps | undefined;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'stopping: finishing requests in flight');
  sweeps?.stop();
  try {
    // Ends event streams, stops accepting, waits for requests in flight.
    await closeGracefully(app, SHUTDOWN_GRACE_MS);
  } finally {
    await close();
  }
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

try {
  // The one start-up line, in place of Fastify's own "Server listening at".
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) =>
      `Tasklane is serving ${address} (${engine}); open ${config.publicUrl}`,
  });
  // Delivered tasks complete on their own (issue 9); blind reviews become public (issue 10).
  // Issue 49: files removed lose their bytes; uploads never attached go after a day.
  sweeps = startSweeps(db, {
    autoCompleteMs: config.autoCompleteMs,
    log: app.log,
    files: app.files,
  });
} catch (error) {
  app.log.error(error);
  await close();
  process.exit(1);
}
