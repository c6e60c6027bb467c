/**
 * How the app's first operator is made: `npm run operator:create -- --email <email> [--name <name>]` prints a one-time
 * enrolment link (24 h) for them; the same command run again for the same email gives a new link.
 */
import { parseArgs } from 'node:util';
import { runEnrolmentCommand } from './enrolment-command.js';
import { OperatorInvitation, createOperatorEnrolment } from './staff-bootstrap.js';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
await runEnrolmentCommand(
  'usage: npm run operator:create -- --email <email> [--name <name>]',
  OperatorInvitation,
  values,
  async (db, config, invitation) => {
    const created = await createOperatorEnrolment(db, config, invitation);
    return { who: `${created.email}: operator of the app`, expiresAt: created.expiresAt, link: created.link };
  },
);
