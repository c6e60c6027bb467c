import type { CareLink, UserProfile } from '@klaimor/contracts';

/** The signed-in daughter who looks after her mother and her son. */
export const daughter = {
  id: 'daughter-id',
  firstname: 'มาลี',
  lastname: 'ใจดี',
  phone: '0891112222',
  address: '99/1 ซอยสุขใจ',
  subdistrist: 'ศิริราช',
  subdistrict: 'ศิริราช',
  district: 'บางกอกน้อย',
  province: 'กรุงเทพมหานคร',
  postcode: '10700',
} as UserProfile;

export function careLink(
  patch: Omit<Partial<CareLink>, 'person'> & { person?: Partial<CareLink['person']> } = {},
): CareLink {
  const { person, ...rest } = patch;
  return {
    id: 'link-mother',
    direction: 'caring_for',
    person: {
      id: 'mother-id',
      firstname: 'สมศรี',
      lastname: 'ใจดี',
      birthday: '1950-03-01',
      phone: '0812345678',
      hasOwnSignIn: true,
      youHold: false,
      ...person,
    },
    relationship: 'child',
    basis: 'in_person',
    status: 'active',
    scopes: { see: true, book: true, medicines: true, alerts: true },
    missedDoseAfterMinutes: 60,
    canWiden: false,
    canRevoke: true,
    awaitingYourAnswer: false,
    awaitingChildsCode: false,
    canReport: false,
    createdAt: '2026-11-01T03:00:00.000Z',
    events: [
      {
        at: '2026-11-01T03:00:00.000Z',
        action: 'granted',
        by: 'other',
        scopes: { see: true, book: true, medicines: true, alerts: true },
      },
    ],
    ...rest,
  };
}
