import {
  AGE_OF_MAJORITY,
  ageOn,
  todayInBangkok,
  type AcceptCareInput,
  type AddDependent,
  type CareLink,
  type CareRelationship,
  type CareScopes,
  type ChangeCareInput,
} from '@klaimor/contracts';
import { AppError, validationFailed } from '../../errors.js';
import type { OtpService } from '../auth/otp.service.js';
import type { UserRow } from '../users/users.repository.js';
import { assertAddressAgrees } from '../users/users.service.js';
import { scopeColumns, scopesOf, type CareGrantRow, type FamilyRepository, type LinkRow } from './family.repository.js';
import { uniqueViolation } from '../../db/results.js';

const linkNotFound = () => new AppError(404, 'not_found', 'ไม่พบการดูแลนี้');
const needsConsent = () =>
  new AppError(400, 'care_needs_consent', 'ผู้ที่อายุ 20 ปีขึ้นไปต้องยินยอมเอง: ส่งรหัสไปยังเบอร์มือถือของท่าน แล้วกรอกรหัสที่ท่านอ่านให้ฟัง');
const needsGuardian = () =>
  new AppError(400, 'care_needs_consent', 'ผู้ที่อายุต่ำกว่า 20 ปี ต้องยืนยันว่าคุณเป็นบิดามารดาหรือผู้ปกครองตามกฎหมาย', { guardianDeclared: 'required' });
const hasAccount = () =>
  new AppError(409, 'care_has_account', 'เบอร์นี้มีบัญชีใกล้หมออยู่แล้ว กรุณาส่งคำเชิญให้เจ้าของเบอร์ยอมรับในบัญชีของท่านเอง');
const noAccount = () => new AppError(409, 'care_no_account', 'ไม่พบบัญชีของเบอร์นี้ เพิ่มเป็นสมาชิกที่ยังไม่มีแอปแทน');
const linkExists = () => new AppError(409, 'care_link_exists', 'คุณดูแลหรือเชิญบุคคลนี้อยู่แล้ว');
const notPending = () => new AppError(409, 'care_not_pending', 'คำเชิญนี้ตอบไปแล้วหรือถูกยกเลิกแล้ว');
const cannotCareForSelf = () => new AppError(400, 'care_self', 'เพิ่มตัวเองเป็นผู้ถูกดูแลไม่ได้');
const widenForbidden = () => new AppError(403, 'care_widen_forbidden', 'เพิ่มสิทธิ์ได้เฉพาะผู้ให้ความยินยอม');
const revokeForbidden = () => new AppError(403, 'care_forbidden', 'ผู้ที่อายุต่ำกว่า 20 ปี ยกเลิกการดูแลของผู้ปกครองเองไม่ได้');
const lastHolder = () =>
  new AppError(403, 'care_forbidden', 'โปรไฟล์นี้ไม่มีเบอร์เข้าสู่ระบบของตนเองและไม่มีผู้ดูแลคนอื่น หากไม่ต้องการดูแลต่อ กรุณาลบโปรไฟล์แทน');

const PARENTAL: readonly CareRelationship[] = ['parent', 'guardian'];
const isMinor = (birthday: string) => ageOn(birthday, todayInBangkok()) < AGE_OF_MAJORITY;

/**
 * Who may widen a grant: whoever gave it, except that a child who has come of age takes their own consent back into
 * their hands (their parent's declaration covered them only while under 20).
 */
function grantorNow(grant: CareGrantRow, dependent: Pick<UserRow, 'birthday'>): string | null {
  if (grant.basis === 'guardian' && !isMinor(dependent.birthday)) return grant.dependentUserId;
  return grant.grantedBy;
}

/** Either side may end a grant, except a minor under their parent's or guardian's. */
function mayRevoke(userId: string, grant: CareGrantRow, dependent: Pick<UserRow, 'birthday'>): boolean {
  if (userId === grant.caregiverUserId) return true;
  return !(grant.basis === 'guardian' && isMinor(dependent.birthday));
}

const widens = (from: CareScopes, to: CareScopes) => (Object.keys(to) as (keyof CareScopes)[]).some((scope) => to[scope] && !from[scope]);

function toCareLink(userId: string, { grant, other, events }: LinkRow, me: Pick<UserRow, 'birthday'>): CareLink {
  const caringFor = grant.caregiverUserId === userId;
  const dependent = caringFor ? other : me;
  return {
    id: grant.id,
    direction: caringFor ? 'caring_for' : 'cared_for_by',
    person: {
      id: other.id,
      firstname: other.firstname,
      lastname: other.lastname,
      birthday: other.birthday,
      phone: caringFor && grant.status === 'active' ? other.phone : null,
      hasOwnSignIn: other.phone !== null,
    },
    relationship: grant.relationship as CareRelationship,
    basis: grant.basis as CareLink['basis'],
    status: grant.status as CareLink['status'],
    scopes: scopesOf(grant),
    missedDoseAfterMinutes: grant.missedDoseAfterMinutes,
    canWiden: grant.status === 'active' && grantorNow(grant, dependent) === userId,
    canRevoke: grant.status !== 'revoked' && mayRevoke(userId, grant, dependent),
    awaitingYourAnswer: grant.status === 'pending' && grant.dependentUserId === userId,
    createdAt: grant.createdAt.toISOString(),
    events: events.map((e) => ({
      at: e.at.toISOString(),
      action: e.action as CareLink['events'][number]['action'],
      by: e.actorUserId === userId ? 'you' : 'other',
      scopes: e.scopes,
    })),
  };
}

interface Deps {
  family: FamilyRepository;
  otp: Pick<OtpService, 'requestCode' | 'confirmCode'>;
}

export function createFamilyService({ family, otp }: Deps) {
  async function linkOf(me: UserRow, grantId: string): Promise<CareLink> {
    const found = (await family.links(me.id)).find((l) => l.grant.id === grantId);
    if (!found) throw linkNotFound();
    return toCareLink(me.id, found, me);
  }

  async function asLink(me: UserRow, grant: CareGrantRow | null): Promise<CareLink> {
    if (!grant) throw linkNotFound();
    return linkOf(me, grant.id);
  }

  return {
    async list(me: UserRow): Promise<CareLink[]> {
      return (await family.links(me.id)).map((link) => toCareLink(me.id, link, me));
    },

    /** A code to the number an adult dependent controls; a number with an account of its own is invited instead. */
    async consentCode(phone: string, clientIp: string) {
      if (await family.findUserByPhone(phone)) throw hasAccount();
      return otp.requestCode(phone, clientIp, 'care_consent');
    },

    /**
     * Registers a dependent without an account of their own under the caregiver. Under 20, the caregiver's declaration
     * of parenthood or guardianship is the basis; 20 or more, the dependent's own consent, proved by the code they read
     * out from the number they control, which becomes their sign-in number.
     */
    async addDependent(me: UserRow, body: AddDependent): Promise<CareLink> {
      const minor = isMinor(body.birthday);
      if (minor) {
        if (body.guardianDeclared !== true) throw needsGuardian();
        if (!PARENTAL.includes(body.relationship)) throw validationFailed({ relationship: 'invalid_choice' });
      } else if (!body.phone || !body.code) {
        throw needsConsent();
      }
      // Checked before the code is used up, as registration does: a typo costs the dependent no second code.
      await assertAddressAgrees(body);
      const phone = minor ? null : body.phone!;
      if (phone) {
        if (await family.findUserByPhone(phone)) throw hasAccount();
        await otp.confirmCode(phone, body.code!, 'care_consent');
      }
      try {
        const grant = await family.addDependent(
          {
            phone,
            thaiId: body.thai_id,
            firstname: body.firstname,
            lastname: body.lastname,
            gender: body.gender ?? null,
            birthday: body.birthday,
            address: body.address,
            subdistrict: body.subdistrist,
            district: body.district,
            province: body.province,
            postcode: body.postcode,
            heldBy: me.id,
          },
          {
            caregiverUserId: me.id,
            relationship: body.relationship,
            basis: minor ? 'guardian' : 'in_person',
            status: 'active',
            ...scopeColumns(body.scopes),
            grantedBy: me.id,
          },
          me.id,
        );
        return await asLink(me, grant);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        if (constraint.includes('thai_id')) throw new AppError(409, 'thai_id_taken', 'เลขบัตรประชาชนนี้ลงทะเบียนแล้ว');
        throw hasAccount();
      }
    },

    /**
     * Asks the owner of an account to let the caller care for them. An adult answers in their own account; a minor's
     * parent or guardian links at once, and the child sees it.
     */
    async invite(me: UserRow, body: { phone: string; relationship: CareRelationship; scopes: CareScopes; guardianDeclared?: boolean }): Promise<CareLink> {
      const invitee = await family.findUserByPhone(body.phone);
      if (!invitee) throw noAccount();
      if (invitee.id === me.id) throw cannotCareForSelf();
      const asGuardian = isMinor(invitee.birthday);
      if (asGuardian && body.guardianDeclared !== true) throw needsGuardian();
      if (asGuardian && !PARENTAL.includes(body.relationship)) throw validationFailed({ relationship: 'invalid_choice' });
      try {
        const grant = await family.insertLink(
          {
            caregiverUserId: me.id,
            dependentUserId: invitee.id,
            relationship: body.relationship,
            basis: asGuardian ? 'guardian' : 'own_account',
            status: asGuardian ? 'active' : 'pending',
            ...scopeColumns(body.scopes),
            grantedBy: asGuardian ? me.id : null,
          },
          me.id,
          asGuardian ? 'granted' : 'invited',
        );
        return await asLink(me, grant);
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        throw linkExists();
      }
    },

    /** A code to the invited patient's own phone, to accept an invitation waiting for them. */
    async acceptanceCode(me: UserRow, grantId: string, clientIp: string) {
      const link = await linkOf(me, grantId);
      if (!link.awaitingYourAnswer) throw notPending();
      return otp.requestCode(me.phone!, clientIp, 'care_consent');
    },

    /** The invited adult consents, with a code to their own phone, choosing what the caregiver may do. */
    async accept(me: UserRow, grantId: string, body: AcceptCareInput & { scopes: CareScopes }): Promise<CareLink> {
      const link = await linkOf(me, grantId);
      if (!link.awaitingYourAnswer) throw notPending();
      await otp.confirmCode(me.phone!, body.code, 'care_consent');
      const grant = await family.changeLink(me.id, grantId, async (current) => {
        if (current.status !== 'pending' || current.dependentUserId !== me.id) throw notPending();
        return { values: { status: 'active', grantedBy: me.id, ...scopeColumns(body.scopes) }, action: 'granted' };
      });
      return asLink(me, grant);
    },

    /** Narrowing is open to both sides; widening only to the grantor; the alert delay to both. */
    async change(me: UserRow, grantId: string, body: ChangeCareInput): Promise<CareLink> {
      const link = await linkOf(me, grantId);
      const grant = await family.changeLink(me.id, grantId, async (current) => {
        if (current.status !== 'active') throw notPending();
        const values: Partial<CareGrantRow> = {};
        if (body.scopes) {
          const dependentBirthday = link.direction === 'caring_for' ? link.person.birthday : me.birthday;
          if (widens(scopesOf(current), body.scopes) && grantorNow(current, { birthday: dependentBirthday }) !== me.id) throw widenForbidden();
          Object.assign(values, scopeColumns(body.scopes));
        }
        if (body.missedDoseAfterMinutes !== undefined) values.missedDoseAfterMinutes = body.missedDoseAfterMinutes;
        return { values, action: 'changed' };
      });
      return asLink(me, grant);
    },

    /** Ends a grant, or declines an invitation. A profile that cannot sign in keeps at least one caregiver. */
    async revoke(me: UserRow, grantId: string): Promise<CareLink> {
      const link = await linkOf(me, grantId);
      const grant = await family.changeLink(me.id, grantId, async (current, tx) => {
        if (current.status === 'revoked') throw notPending();
        const dependentBirthday = link.direction === 'caring_for' ? link.person.birthday : me.birthday;
        if (!mayRevoke(me.id, current, { birthday: dependentBirthday })) throw revokeForbidden();
        if (current.status === 'active' && link.direction === 'caring_for' && !link.person.hasOwnSignIn) {
          if ((await family.otherActiveCaregivers(tx, current.dependentUserId, current.id)) === 0) throw lastHolder();
        }
        return {
          values: { status: 'revoked', revokedAt: new Date() },
          action: current.status === 'pending' && current.dependentUserId === me.id ? 'declined' : 'revoked',
        };
      });
      return asLink(me, grant);
    },
  };
}
export type FamilyService = ReturnType<typeof createFamilyService>;
