import {
  type Gender,
  type BloodGroup,
  type CorrectIdentity,
  type RegisterUser,
  type PatientConsent,
  type UpdateProfile,
  type UserProfile,
  type IdType,
  type IdentityDocument,
  findThaiAddressMismatch,
} from '@klaimor/contracts';
import { AppError, unauthenticated, validationFailed } from '../../errors.js';
import type { OtpService } from '../auth/otp.service.js';
import type { UserRow } from '../../db/rows.js';
import {
  type ConsentTakenAtDesk,
  type IdentityChanges,
  type UserChanges,
  type UsersRepository,
  signInPhone,
} from './users.repository.js';
import { uniqueViolation } from '../../db/results.js';
import {
  documentColumns,
  identityDocumentIn,
  documentTakenError,
  isDocumentConstraint,
  passportCountry,
  provesDocument,
} from '../../shared/identity-documents.js';

export function toProfile(row: UserRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    id_type: row.idType as IdType,
    thai_id: row.thaiId,
    passport_number: row.passportNumber,
    nationality: row.nationality,
    phone: row.phone,
    gender: row.gender as Gender | null,
    birthday: row.birthday,
    address: row.address,
    subdistrist: row.subdistrict,
    subdistrict: row.subdistrict,
    district: row.district,
    province: row.province,
    postcode: row.postcode,
    blood_group: row.bloodGroup as BloodGroup | null,
    consent:
      row.consentVersion && row.consentGivenAt
        ? { version: row.consentVersion, givenAt: row.consentGivenAt.toISOString() }
        : null,
    created_at: row.createdAt.toISOString(),
  };
}

const phoneTaken = () => new AppError(409, 'phone_taken', 'หมายเลขโทรศัพท์นี้ลงทะเบียนแล้ว กรุณาเข้าสู่ระบบ');

/** Refuses an address whose subdistrict, district, province and postcode are not one real place (400 with the field). */
export async function assertAddressAgrees(parts: {
  subdistrist: string;
  district: string;
  province: string;
  postcode: string;
}) {
  const mismatch = await findThaiAddressMismatch(parts);
  if (mismatch) throw validationFailed(mismatch);
}

/** The number typed is not the registered document's: said on the field of that document. */
const documentMismatch = (patient: UserRow) =>
  new AppError(403, 'thai_id_mismatch', 'เลขเอกสารประจำตัวไม่ตรงกับที่ลงทะเบียนไว้', {
    [patient.idType === 'passport' ? 'passport_number' : 'thai_id']: 'thai_id_mismatch',
  });
/** What a correction may change: the body's name of each (recorded with the correction) and its column. */
const CORRECTED_FIELDS = [
  ['firstname', 'firstname'],
  ['lastname', 'lastname'],
  ['birthday', 'birthday'],
  ['gender', 'gender'],
  ['passport_number', 'passportNumber'],
  ['nationality', 'nationality'],
] as const satisfies readonly (readonly [string, keyof IdentityChanges])[];
type CorrectedField = (typeof CORRECTED_FIELDS)[number][0];

const nothingToCorrect = () => new AppError(400, 'nothing_to_correct', 'ข้อมูลที่ส่งมาเหมือนเดิม ไม่มีอะไรต้องแก้ไข');

/** `profileChanged` lets cached copies of a patient (signed-in sessions) be dropped. */
export function createUsersService(
  users: UsersRepository,
  otp: Pick<OtpService, 'requestCode' | 'confirmCode'>,
  profileChanged: (userId: string) => Promise<void>,
) {
  return {
    /** Sends the patient's phone a code that only confirms a correction of their registered identity. */
    requestIdentityCode: (patient: UserRow, clientIp: string) =>
      otp.requestCode(signInPhone(patient), clientIp, 'correct_identity'),

    /**
     * Corrects a typo in the registered name, birth date or gender. The patient proves it is them twice: the number of
     * the document already registered (checked first, so a wrong one costs no code) and a fresh code to their phone.
     */
    async correctIdentity(patient: UserRow, body: CorrectIdentity): Promise<UserProfile> {
      if (!provesDocument(patient, body)) throw documentMismatch(patient);
      const corrected: Record<CorrectedField, IdentityChanges[keyof IdentityChanges]> = {
        firstname: body.firstname,
        lastname: body.lastname,
        birthday: body.birthday,
        gender: body.gender,
        // A passport holder's (the proof above says so when these are sent); absent, unchanged.
        passport_number: body.new_passport_number ?? patient.passportNumber,
        nationality: body.new_nationality
          ? passportCountry(body.new_nationality, 'new_nationality')
          : patient.nationality,
      };
      const fields = CORRECTED_FIELDS.filter(([field, column]) => patient[column] !== corrected[field]);
      if (fields.length === 0) throw nothingToCorrect();
      const changes = Object.fromEntries(
        fields.map(([field, column]) => [column, corrected[field]]),
      ) as IdentityChanges;
      const passport: IdentityDocument | null =
        changes.passportNumber !== undefined || changes.nationality !== undefined
          ? { type: 'passport', number: corrected.passport_number!, country: corrected.nationality! }
          : null;
      // Another account's passport is refused before the code is spent; two corrections racing, the index decides.
      if (passport && (await users.documentTaken(passport))) throw documentTakenError(passport, 'new_passport_number');
      await otp.confirmCode(signInPhone(patient), body.code, 'correct_identity');
      let row: UserRow | null;
      try {
        row = await users.correctIdentity(
          patient.id,
          changes,
          fields.map(([field]) => field),
        );
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (passport && constraint !== null && isDocumentConstraint(constraint))
          throw documentTakenError(passport, 'new_passport_number');
        throw error;
      }
      if (!row) throw unauthenticated();
      await profileChanged(patient.id);
      return toProfile(row);
    },

    /** Registers a patient: one who verified their number in the app, or one a front desk registers (`atDesk`). */
    async register(input: RegisterUser, atDesk?: ConsentTakenAtDesk): Promise<UserProfile> {
      await assertAddressAgrees(input);
      const document = identityDocumentIn(input);
      const taken = await users.takenIdentifiers(input.phone, document);
      if (taken.phone) throw phoneTaken();
      if (taken.document) throw documentTakenError(document);
      try {
        const row = await users.insert(
          {
            phone: input.phone,
            ...documentColumns(document),
            email: input.email ?? null,
            firstname: input.firstname,
            lastname: input.lastname,
            gender: input.gender ?? null,
            birthday: input.birthday,
            address: input.address,
            subdistrict: input.subdistrist,
            district: input.district,
            province: input.province,
            postcode: input.postcode,
          },
          input.consent_version,
          atDesk,
        );
        return toProfile(row);
      } catch (error) {
        // Two registrations racing for the same number or document: the database decides.
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        throw isDocumentConstraint(constraint) ? documentTakenError(document) : phoneTaken();
      }
    },

    /** The patient consents to the terms and privacy notice in force (the contract admits no other version). */
    async giveConsent(userId: string, version: string): Promise<PatientConsent | null> {
      const row = await users.giveConsent(userId, version);
      if (!row) return null;
      await profileChanged(userId);
      return toProfile(row).consent;
    },

    async update(current: UserRow, patch: UpdateProfile): Promise<UserProfile | null> {
      const userId = current.id;
      const changes: UserChanges = {};
      if (patch.email !== undefined) changes.email = patch.email;
      if (patch.blood_group !== undefined) changes.bloodGroup = patch.blood_group;
      if (patch.address !== undefined) changes.address = patch.address;
      if (patch.subdistrist !== undefined) changes.subdistrict = patch.subdistrist;
      if (patch.district !== undefined) changes.district = patch.district;
      if (patch.province !== undefined) changes.province = patch.province;
      if (patch.postcode !== undefined) changes.postcode = patch.postcode;
      const touchesPlace = ['subdistrict', 'district', 'province', 'postcode'].some((k) => k in changes);
      if (touchesPlace) {
        await assertAddressAgrees({
          subdistrist: changes.subdistrict ?? current.subdistrict,
          district: changes.district ?? current.district,
          province: changes.province ?? current.province,
          postcode: changes.postcode ?? current.postcode,
        });
      }
      const updated = await users.update(userId, changes);
      await profileChanged(userId);
      return updated && toProfile(updated);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
