import {
  addDays,
  todayInBangkok,
  type AuditLogEntry,
  type Clinic,
  type DayListEntry,
  type FacilitySettings,
  type FacilityStaffMember,
  type InboxThread,
  type Allergy,
  type PatientRecordForStaff,
  type Schedule,
  type ScheduleTemplate,
  type StaffMe,
  type StaffRole,
  type StaffRefill,
  type StaffSlot,
  type StaffThread,
} from '@klaimor/contracts';

/** Test data for the staff screens: a member, a schedule and its slots, the facility's staff, settings and audit log, dated from today in Bangkok. */
export const FACILITY = 'siriraj-hospital';
export const today = todayInBangkok();

export const member = (roles: StaffRole[], more: StaffMe['facilities'] = []): StaffMe => ({
  id: '7f1d5c1e-4f7a-4c1b-9a53-5a0d2f4b8e01',
  email: 'somying@hospital.example',
  displayName: 'สมหญิง ผู้ดูแล',
  facilities: [{ id: FACILITY, nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital', roles }, ...more],
  operator: false,
});

const GENERAL_CLINIC_ID = '5c0e2a4b-7d1f-4e3a-9b6c-1a2b3c4d5e01';
export const generalClinic = { id: GENERAL_CLINIC_ID, nameTh: 'ผู้ป่วยนอกทั่วไป', nameEn: 'General outpatients' };

/** The facility's clinics: the general one and internal medicine. */
export const clinics = (): Clinic[] => [
  { ...generalClinic, queuePrefix: 'A', sessions: 2 },
  {
    id: '5c0e2a4b-7d1f-4e3a-9b6c-1a2b3c4d5e02',
    queuePrefix: 'M',
    nameTh: 'อายุรกรรม',
    nameEn: 'Internal medicine',
    sessions: 0,
  },
];

export const morning: ScheduleTemplate = {
  id: '0b6f1a52-1f0e-4c55-8d1c-2f6a9d1e0a01',
  service: 'screening',
  weekdays: [1, 2, 3, 4, 5],
  onDate: null,
  sessionStart: '09:00',
  sessionEnd: '12:00',
  slotMinutes: 60,
  places: 4,
  clinicId: GENERAL_CLINIC_ID,
  clinician: 'พญ.กมลวรรณ ใจงาม',
  clinicianMemberId: null,
  depositAmount: 1200,
  slotsPerSession: 3,
};

export const extraSession: ScheduleTemplate = {
  ...morning,
  id: '0b6f1a52-1f0e-4c55-8d1c-2f6a9d1e0a02',
  weekdays: [],
  onDate: addDays(today, 3),
  sessionStart: '13:00',
  sessionEnd: '15:00',
  slotMinutes: 30,
  places: 2,
  clinician: null,
  depositAmount: 0,
  slotsPerSession: 4,
};

export const schedule = (patch: Partial<Schedule> = {}): Schedule => ({
  templates: [morning, extraSession],
  closures: [{ date: addDays(today, 5), reason: 'อบรมบุคลากร' }],
  horizonEnd: addDays(today, 27),
  ...patch,
});

/** A slot on `date` (YYYY-MM-DD) at a Bangkok clock time. */
export const slot = (date: string, time: string, patch: Partial<StaffSlot> = {}): StaffSlot => {
  const start = new Date(`${date}T${time}:00+07:00`);
  return {
    id: crypto.randomUUID(),
    templateId: morning.id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    clinicId: GENERAL_CLINIC_ID,
    clinician: 'พญ.กมลวรรณ ใจงาม',
    capacity: 4,
    taken: 0,
    depositAmount: 1200,
    withdrawn: false,
    ...patch,
  };
};

export const apiError = (code: string, message: string, fields?: Record<string, string>) => ({
  error: { code, message, ...(fields ? { fields } : {}) },
});

/** An appointment of the day list, today at a Bangkok clock time (one hour long). */
export const dayEntry = (time: string, patch: Partial<DayListEntry> = {}, date: string = today): DayListEntry => {
  const start = new Date(`${date}T${time}:00+07:00`);
  return {
    id: crypto.randomUUID(),
    slotId: crypto.randomUUID(),
    reference: 'KM-7Q4X2B',
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    clinic: generalClinic,
    clinician: 'พญ.กมลวรรณ ใจงาม',
    status: 'booked',
    queue: null,
    patient: { name: 'ปิยะ ใจงาม', age: 37, phone: '0812345678', hospitalNumber: null },
    symptoms: 'ไอ มีเสมหะ เจ็บคอ',
    duration: '3 วัน',
    redFlags: [],
    deposit: { amount: 300, state: 'paid', atDesk: null },
    cancellation: null,
    ...patch,
  };
};

/** A severe penicillin allergy the patient wrote themselves. */
export const penicillinAllergy = (patch: Partial<Allergy> = {}): Allergy => ({
  id: 'allergy-1',
  substance: 'เพนิซิลลิน',
  category: 'medication',
  reaction: 'ผื่นลมพิษ หน้าบวม',
  severity: 'severe',
  recordedBy: { by: 'patient' },
  recordedAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

export const patientRecord = (patch: Partial<PatientRecordForStaff> = {}): PatientRecordForStaff => ({
  openedAs: 'care',
  patient: { name: 'ปิยะ ใจงาม', age: 37, gender: 'male', bloodGroup: 'O' },
  allergies: [],
  conditions: [],
  medications: [],
  visits: [],
  ...patch,
});

/** A member of the facility as its admin sees them; the first is the admin themself. */
export const staffMember = (patch: Partial<FacilityStaffMember> = {}): FacilityStaffMember => ({
  id: crypto.randomUUID(),
  email: 'piya@hospital.example',
  displayName: 'ปิยะ ใจดี',
  roles: ['front_desk'],
  status: 'active',
  invitationExpiresAt: null,
  lastSignInAt: `${today}T02:15:00.000Z`,
  signInWaitUntil: null,
  isYou: false,
  ...patch,
});

export const you = staffMember({
  id: '7f1d5c1e-4f7a-4c1b-9a53-5a0d2f4b8e01',
  email: 'somying@hospital.example',
  displayName: 'สมหญิง ผู้ดูแล',
  roles: ['admin'],
  isYou: true,
});

export const facilitySettings = (patch: Partial<FacilitySettings> = {}): FacilitySettings => ({
  id: FACILITY,
  nameTh: 'โรงพยาบาลศิริราช',
  nameEn: 'Siriraj Hospital',
  kind: 'hospital',
  phone: '024197000',
  openingHours: { kind: 'always' },
  openingHoursText: null,
  emergency24h: false,
  schemes: ['ucs', 'sss'],
  insurers: ['AIA'],
  depositAmount: 300,
  replyWithinHours: 24,
  nearHomePharmacy: false,
  receivesDeposits: true,
  updatedAt: `${today}T01:00:00.000Z`,
  ...patch,
});

/** An audit entry today at a Bangkok clock time, by the admin unless told otherwise. */
export const auditEntry = (time: string, patch: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: crypto.randomUUID(),
  at: new Date(`${today}T${time}:00+07:00`).toISOString(),
  member: { id: you.id, displayName: you.displayName, email: you.email },
  system: null,
  role: 'admin',
  action: 'schedule.template_changed',
  patientRef: null,
  subject: null,
  subjectRole: null,
  details: null,
  cursor: `cursor-${time}`,
  ...patch,
});

/** An instant `hours` before now. */
export const hoursAgo = (hours: number): string => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A thread of the inbox: a patient who wrote two hours ago and waits for a reply, no one assigned. */
export const inboxThread = (patch: Partial<InboxThread> = {}): InboxThread => ({
  id: crypto.randomUUID(),
  patient: { name: 'ปิยะ ใจงาม', age: 37 },
  subject: 'ขอเลื่อนนัดตรวจเลือด',
  status: 'open',
  assignedTo: null,
  lastMessageAt: hoursAgo(2),
  lastFrom: 'patient',
  awaitingReply: true,
  redFlag: false,
  ...patch,
});

export type ThreadMessage = StaffThread['messages'][number];

/** A message of a thread, the patient's unless told otherwise. */
export const threadMessage = (patch: Partial<ThreadMessage> = {}): ThreadMessage => ({
  id: crypto.randomUUID(),
  from: 'patient',
  authorName: 'ปิยะ ใจงาม',
  byCaregiver: false,
  text: 'สวัสดีค่ะ ขอเลื่อนนัดตรวจเลือดเป็นสัปดาห์หน้าได้ไหมคะ',
  photos: [],
  createdAt: hoursAgo(2),
  redFlags: [],
  ...patch,
});

/** A thread as a member opens it: the inbox's line and its messages (one of the patient's unless told otherwise). */
export const staffThread = (patch: Partial<StaffThread> = {}): StaffThread => ({
  ...inboxThread(),
  messages: [threadMessage()],
  ...patch,
});

/**
 * A repeat prescription waiting for the clinician: Metformin twice a day after meals, whose supply ends in three days,
 * asked for at the hospital's pharmacy yesterday.
 */
export const staffRefill = (patch: Partial<StaffRefill> = {}): StaffRefill => ({
  id: crypto.randomUUID(),
  status: 'requested',
  delivery: 'hospital_pharmacy',
  medication: { id: crypto.randomUUID(), name: 'Metformin', strength: '500 mg', form: 'tablet' },
  facility: { id: FACILITY, nameTh: 'โรงพยาบาลศิริราช', nameEn: 'Siriraj Hospital' },
  pharmacy: null,
  note: null,
  requestedAt: hoursAgo(20),
  decidedAt: null,
  declineReason: null,
  approvedDays: null,
  suppliedUntil: null,
  readyAt: null,
  pickupQueueNumber: null,
  sentAt: null,
  carrier: null,
  carrierName: null,
  trackingNumber: null,
  patient: { name: 'สมศรี มีสุข', age: 64 },
  dosing: {
    doses: { afterBreakfast: 1, afterLunch: 0, afterDinner: 1, beforeBed: 0 },
    mealTiming: 'after',
    intervalDose: null,
    asNeeded: null,
    instructions: null,
    endDate: addDays(today, 3),
  },
  shipTo: null,
  decidedBy: null,
  ...patch,
});
