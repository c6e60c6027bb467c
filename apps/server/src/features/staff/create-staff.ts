/**
 * How a hospital starts: `npm run staff:create -- --facility <stable id> --email <email> --role admin [--name <name>]`
 * prints a one-time enrolment link (24 h) for the member.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { type Database, openDatabase } from '../../db/client.js';
import { StaffInvitation, createStaffEnrolment } from './staff-bootstrap.js';

const { values } = parseArgs({
  options: {
    facility: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
  },
});
const parsed = StaffInvitation.safeParse(values);
if (!parsed.success) {
  console.error(
    'usage: npm run staff:create -- --facility <facility stable id> --email <email> --role admin|front_desk|clinician [--name <name>]',
  );
  console.error(parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'));
  process.exit(2);
}

const config = loadConfig();
let database: Database | undefined;
try {
  database = openDatabase(config);
  await database.migrate();
  const created = await createStaffEnrolment(database.db, config, parsed.data);
  console.log(`${created.email}: ${parsed.data.role} at ${created.facility.nameTh} (${created.facility.id})`);
  console.log(`One-time enrolment link, valid until ${created.expiresAt.toISOString()}:`);
  console.log(created.link);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database?.close();
}
