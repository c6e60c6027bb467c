import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createStaffRepository } from './staff.repository.js';
import { createTotpSecretBox, hashPassword } from './staff-secrets.js';

/**
 * FOR DEMO MODE ONLY: a demo hospital's staff with a published password and authenticator secrets (README, "Hospital
 * staff (demo)"). Never seeded outside demo mode.
 */
export const DEMO_STAFF_FACILITY = 'siriraj-hospital';
export const DEMO_STAFF_PASSWORD = 'klaimor-demo-staff';
export const DEMO_STAFF = [
  {
    email: 'admin@demo.klaimor.test',
    displayName: 'ผู้ดูแลระบบ (เดโม)',
    role: 'admin',
    totpSecret: 'KLAIMORDEMOADMINKLAIMORDEMOADMIN',
  },
  {
    email: 'frontdesk@demo.klaimor.test',
    displayName: 'เจ้าหน้าที่หน้าเคาน์เตอร์ (เดโม)',
    role: 'front_desk',
    totpSecret: 'KLAIMORDEMOFRONTDESKKLAIMORDEMOF',
  },
  {
    email: 'clinician@demo.klaimor.test',
    displayName: 'แพทย์ (เดโม)',
    role: 'clinician',
    totpSecret: 'KLAIMORDEMOCLINICIANKLAIMORDEMOC',
  },
  {
    email: 'pharmacy@demo.klaimor.test',
    displayName: 'เภสัชกร (เดโม)',
    role: 'pharmacist',
    totpSecret: 'KLAIMORDEMOPHARMACISTKLAIMORDEMO',
  },
] as const;
/** FOR DEMO MODE ONLY: the app's demo operator (the console at /operator), at no facility. */
export const DEMO_OPERATOR = {
  email: 'operator@demo.klaimor.test',
  displayName: 'ผู้ดูแลแอป (เดโม)',
  totpSecret: 'KLAIMORDEMOOPERATORKLAIMORDEMOOP',
} as const;

/** Adds the demo staff that are missing, enrolled and ready to sign in; does nothing unless the mode is demo. */
export async function seedDemoStaff(db: Db, config: Pick<Config, 'mode' | 'secretKey'>): Promise<void> {
  if (config.mode !== 'demo') return;
  const staff = createStaffRepository(db);
  const facility = await staff.findFacilityByStableId(DEMO_STAFF_FACILITY);
  if (!facility) return;
  const box = createTotpSecretBox(config.secretKey);
  for (const demo of [...DEMO_STAFF, DEMO_OPERATOR]) {
    const existing = await staff.findMemberByEmail(demo.email);
    // A member already there keeps what they have (the secret is sealed under this server's key).
    if (existing?.totpEnabledAt) continue;
    const member = existing ?? (await staff.findOrCreateMember(demo.email, demo.displayName));
    await staff.setCredentials(
      member.id,
      await hashPassword(DEMO_STAFF_PASSWORD),
      box.seal(demo.totpSecret, member.id),
    );
    await staff.enableTotp(member.id);
    if ('role' in demo) await staff.addRole(member.id, facility.id, demo.role);
    else await staff.makeOperator(member.id);
  }
}
