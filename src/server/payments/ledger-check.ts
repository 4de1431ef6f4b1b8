import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { checkLedger } from './ledger.ts';
import { createPaymentProvider } from './payment-provider.ts';

/**
 * `npm run ledger:check`: verifies the books of the configured database (issue 21). Prints
 * what is wrong and exits 1, or says they balance.
 */
const config = parseConfig();
const { db, engine, close } = await openDatabase(config);
try {
  const provider =
    config.payments.mode === 'off' ? undefined : await createPaymentProvider(config.payments, db);
  const problems = await checkLedger(db, provider);
  if (problems.length === 0) {
    console.log(`The books balance (${engine}).`);
  } else {
    console.error(`The books do not balance (${engine}):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exitCode = 1;
  }
} finally {
  await close();
}
