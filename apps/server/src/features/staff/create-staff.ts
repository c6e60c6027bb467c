/**
 * How a hospital starts: `npm run staff:create -- --facility <stable id> --email <email> --role admin [--name <name>]`
 * prints a one-time enrolment link (24 h) for the member.
 */
import { parseArgs } from 'node:util';
import { runEnrolmentCommand } from './enrolment-command.js';
import { StaffInvitation, createStaffEnrolment } from './staff-bootstrap.js';

const { values } = parseArgs({
  options: {
    facility: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
  },
});
await runEnrolmentCommand(
  'usage: npm run staff:create -- --facility <facility stable id> --email <email> --role admin|front_desk|clinician [--name <name>]',
  StaffInvitation,
  values,
  async (db, config, invitation) => {
    const created = await createStaffEnrolment(db, config, invitation);
    const who = `${created.email}: ${invitation.role} at ${created.facility.nameTh} (${created.facility.id})`;
    return { who, expiresAt: created.expiresAt, link: created.link };
  },
);
