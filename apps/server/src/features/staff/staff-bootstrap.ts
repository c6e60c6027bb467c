import { StaffRole } from '@klaimor/contracts';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createStaffRepository } from './staff.repository.js';
import { createStaffService } from './staff.service.js';
import { createSignInThrottle } from './sign-in-throttle.js';
import { createSignInThrottleRepository } from './sign-in-throttle.repository.js';
import { createTotpSecretBox } from './staff-secrets.js';

export const StaffInvitation = z.object({
  facility: z.string().min(1),
  email: z.email(),
  role: StaffRole,
  name: z.string().min(1).max(200).optional(),
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;

/** The link a new member opens to set a password and an authenticator: the token rides in the fragment, never sent to a server log. */
export const enrolmentLink = (publicOrigin: string, token: string): string => `${publicOrigin}/staff/enrol#${token}`;

export const OperatorInvitation = z.object({ email: z.email(), name: z.string().min(1).max(200).optional() });
export type OperatorInvitation = z.infer<typeof OperatorInvitation>;

const serviceOn = (db: Db, config: Pick<Config, 'secretKey'>) =>
  createStaffService({
    staff: createStaffRepository(db),
    throttle: createSignInThrottle(createSignInThrottleRepository(db), config.secretKey),
    secretKey: config.secretKey,
    totpBox: createTotpSecretBox(config.secretKey),
  });

/** The core of `npm run staff:create`: the member, their role at the facility and a one-time enrolment link. */
export async function createStaffEnrolment(
  db: Db,
  config: Pick<Config, 'secretKey' | 'publicOrigin'>,
  invitation: StaffInvitation,
) {
  const invited = await serviceOn(db, config).invite({
    facilityStableId: invitation.facility,
    email: invitation.email,
    role: invitation.role,
    displayName: invitation.name,
  });
  return { ...invited, link: enrolmentLink(config.publicOrigin, invited.token) };
}

/** The core of `npm run operator:create`: the member, the operator role and a one-time enrolment link. */
export async function createOperatorEnrolment(
  db: Db,
  config: Pick<Config, 'secretKey' | 'publicOrigin'>,
  invitation: OperatorInvitation,
) {
  const invited = await serviceOn(db, config).inviteOperator({ email: invitation.email, displayName: invitation.name });
  return { ...invited, link: enrolmentLink(config.publicOrigin, invited.token) };
}
