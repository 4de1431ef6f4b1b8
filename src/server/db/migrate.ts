import { parseConfig } from '../config.ts';
import { openDatabase } from './database.ts';

/** `npm run db:migrate`: bring the configured database up to date (the server also does at start). */
const config = parseConfig();
const { engine, close } = await openDatabase(config);
await close();
console.log(`Database is up to date (${engine}).`);
