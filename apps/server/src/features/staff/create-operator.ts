/**
 * How the app's first operator is made: `npm run operator:create -- --email <email> [--name <name>]` prints a one-time
 * enrolment link (24 h) for them; the same command run again for the same email gives a new link.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { OperatorInvitation, createOperatorEnrolment } from './staff-bootstrap.js';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
const parsed = OperatorInvitation.safeParse(values);
if (!parsed.success) {
  console.error('usage: npm run operator:create -- --email <email> [--name <name>]');
  console.error(parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}

const config = loadConfig();
let database: Database | undefined;
try {
  database = openDatabase(config);
  await database.migrate();
  const created = await createOperatorEnrolment(database.db, config, parsed.data);
  console.log(`${created.email}: operator of the app`);
  console.log(`One-time enrolment link, valid until ${created.expiresAt.toISOString()}:`);
  console.log(created.link);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database?.close();
}
