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
import type { UserRow } from '../../db/rows.js';
import { assertAddressAgrees } from '../users/users.service.js';
import { scopeColumns, scopesOf, type CareGrantRow, type FamilyRepository, type LinkRow } from './family.repository.js';
import { uniqueViolation } from '../../db/results.js';
import {
  documentColumns,
  documentTakenError,
  identityDocumentIn,
  isDocumentConstraint,
} from '../../shared/identity-documents.js';

const linkNotFound = () => new AppError(404, 'not_found', 'ไม่พบการดูแลนี้');
const needsConsent = () =>
  new AppError(400, 'care_needs_consent', 'ผู้ที่อายุ 20 ปีขึ้นไปต้องยินยอมเอง: ส่งรหัสไปยังเบอร์มือถือของท่าน แล้วกรอกรหัสที่ท่านอ่านให้ฟัง');
const needsGuardian = () =>
  new AppError(400, 'care_needs_consent', 'ผู้ที่อายุต่ำกว่า 20 ปี ต้องยืนยันว่าคุณเป็นบิดามารดาหรือผู้ปกครองตามกฎหมาย', {
    guardianDeclared: 'required',
  });
const hasAccount = () =>
  new AppError(409, 'care_has_account', 'เบอร์นี้มีบัญชีใกล้หมออยู่แล้ว กรุณาส่งคำเชิญให้เจ้าของเบอร์ยอมรับในบัญชีของท่านเอง');
const noAccount = () => new AppError(409, 'care_no_account', 'ไม่พบบัญชีของเบอร์นี้ เพิ่มเป็นสมาชิกที่ยังไม่มีแอปแทน');
const linkExists = () => new AppError(409, 'care_link_exists', 'คุณดูแลหรือเชิญบุคคลนี้อยู่แล้ว');
const notPending = () => new AppError(409, 'care_not_pending', 'คำเชิญนี้ตอบไปแล้วหรือถูกยกเลิกแล้ว');
const cannotCareForSelf = () => new AppError(400, 'care_self', 'เพิ่มตัวเองเป็นผู้ถูกดูแลไม่ได้');
const widenForbidden = () => new AppError(403, 'care_widen_forbidden', 'เพิ่มสิทธิ์ได้เฉพาะผู้ให้ความยินยอม');
const revokeForbidden = () =>
  new AppError(
    403,
    'care_forbidden',
    'ผู้ที่อายุต่ำกว่า 20 ปี ยกเลิกการดูแลของผู้ปกครองเองไม่ได้ หากบุคคลนี้ไม่ใช่ผู้ปกครองของคุณ กรุณากด "ไม่ใช่ผู้ปกครองของฉัน"',
  );
const notReportable = () => new AppError(409, 'care_not_reportable', 'แจ้งได้เฉพาะการดูแลในฐานะผู้ปกครองที่ยังมีผลหรือรอการยืนยัน');
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

/**
 * Either side may end a grant, except a minor under their parent's or guardian's once it is in force (they decline a
 * request, or report a link that is not their parent's).
 */
function mayRevoke(userId: string, grant: CareGrantRow, dependent: Pick<UserRow, 'birthday'>): boolean {
  if (userId === grant.caregiverUserId || grant.status === 'pending') return true;
  return !(grant.basis === 'guardian' && isMinor(dependent.birthday));
}

/** A minor's parent link, still to be confirmed or in force, can be reported by the minor as not their parent's. */
const reportable = (grant: Pick<CareGrantRow, 'basis' | 'status'>) =>
  grant.basis === 'guardian' && (grant.status === 'pending' || grant.status === 'active');

const fullName = (person: Pick<UserRow, 'firstname' | 'lastname'>) => `${person.firstname} ${person.lastname}`;

const widens = (from: CareScopes, to: CareScopes) =>
  (Object.keys(to) as (keyof CareScopes)[]).some((scope) => to[scope] && !from[scope]);

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
      youHold: caringFor && other.phone === null && other.heldBy === userId,
    },
    relationship: grant.relationship as CareRelationship,
    basis: grant.basis as CareLink['basis'],
    status: grant.status as CareLink['status'],
    scopes: scopesOf(grant),
    missedDoseAfterMinutes: grant.missedDoseAfterMinutes,
    canWiden: grant.status === 'active' && grantorNow(grant, dependent) === userId,
    canRevoke: grant.status !== 'revoked' && mayRevoke(userId, grant, dependent),
    awaitingYourAnswer: grant.status === 'pending' && grant.dependentUserId === userId,
    awaitingChildsCode: grant.status === 'pending' && caringFor && grant.basis === 'guardian',
    canReport: !caringFor && reportable(grant),
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
  /** The operator's ear: a line in the server's log naming the alert (its row names the grant, never the people). */
  log: { warn: (fields: object, message: string) => void };
}

export function createFamilyService({ family, otp, log }: Deps) {
  async function linkRowOf(me: UserRow, grantId: string): Promise<LinkRow> {
    const found = (await family.links(me.id)).find((l) => l.grant.id === grantId);
    if (!found) throw linkNotFound();
    return found;
  }

  async function linkOf(me: UserRow, grantId: string): Promise<CareLink> {
    return toCareLink(me.id, await linkRowOf(me, grantId), me);
  }

  async function asLink(me: UserRow, grant: CareGrantRow | null): Promise<CareLink> {
    if (!grant) throw linkNotFound();
    return linkOf(me, grant.id);
  }

  return {
    async list(me: UserRow): Promise<CareLink[]> {
      return (await family.links(me.id)).map((link) => toCareLink(me.id, link, me));
    },

    /**
     * A code to the number an adult dependent controls, naming the caregiver who asks; a number with an account of its
     * own is invited instead.
     */
    async consentCode(me: UserRow, phone: string, clientIp: string) {
      if (await family.findUserByPhone(phone)) throw hasAccount();
      return otp.requestCode(phone, clientIp, 'care_consent', { requester: fullName(me), as: 'caregiver' });
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
      // Everything that can refuse the addition is checked before the code is used up, as registration does: a typo
      // costs the dependent no second code. (Two additions racing for one ID card are still told apart below.)
      await assertAddressAgrees(body);
      const phone = minor ? null : body.phone!;
      const document = identityDocumentIn(body);
      const taken = await family.takenIdentifiers(phone, document);
      if (taken.phone) throw hasAccount();
      if (taken.document) throw documentTakenError(document);
      if (phone) await otp.confirmCode(phone, body.code!, 'care_consent');
      try {
        const grant = await family.addDependent(
          {
            phone,
            ...documentColumns(document),
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
        if (isDocumentConstraint(constraint)) throw documentTakenError(document);
        throw hasAccount();
      }
    },

    /**
     * Asks the owner of an account to let the caller care for them. An adult answers in their own account. A minor's
     * parent or guardian declares it, and the link waits for the minor's confirmation: anyone can claim to be a
     * parent, only the child's own phone proves the child agrees.
     */
    async invite(
      me: UserRow,
      body: { phone: string; relationship: CareRelationship; scopes: CareScopes; guardianDeclared?: boolean },
    ): Promise<CareLink> {
      const invitee = await family.findUserByPhone(body.phone);
      if (!invitee) throw noAccount();
      if (invitee.id === me.id) throw cannotCareForSelf();
      const asGuardian = isMinor(invitee.birthday);
      if (asGuardian && body.guardianDeclared !== true) throw needsGuardian();
      if (asGuardian && !PARENTAL.includes(body.relationship))
        throw validationFailed({ relationship: 'invalid_choice' });
      try {
        const grant = await family.insertLink(
          {
            caregiverUserId: me.id,
            dependentUserId: invitee.id,
            relationship: body.relationship,
            basis: asGuardian ? 'guardian' : 'own_account',
            status: 'pending',
            ...scopeColumns(body.scopes),
            grantedBy: null,
          },
          me.id,
          'invited',
        );
        return await asLink(me, grant);
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        throw linkExists();
      }
    },

    /**
     * A code for a pending link: asked by the invited patient, to their own phone to accept with; asked by a parent
     * waiting for a minor's confirmation, to the minor's phone, naming the parent, for the minor to read out.
     */
    async consentCodeFor(me: UserRow, grantId: string, clientIp: string) {
      const row = await linkRowOf(me, grantId);
      const link = toCareLink(me.id, row, me);
      if (link.awaitingYourAnswer)
        return otp.requestCode(me.phone!, clientIp, 'care_consent', { requester: fullName(row.other), as: 'accept' });
      if (link.awaitingChildsCode && row.other.phone) {
        return otp.requestCode(row.other.phone, clientIp, 'care_consent', { requester: fullName(me), as: 'guardian' });
      }
      throw notPending();
    },

    /**
     * The invited patient consents, with a code to their own phone, choosing what the caregiver may do. A minor
     * confirming a parent's request confirms the parent's declaration: the parent stays the grantor while the child is
     * under 20.
     */
    async accept(me: UserRow, grantId: string, body: AcceptCareInput & { scopes: CareScopes }): Promise<CareLink> {
      const link = await linkOf(me, grantId);
      if (!link.awaitingYourAnswer) throw notPending();
      await otp.confirmCode(me.phone!, body.code, 'care_consent');
      const grant = await family.changeLink(me.id, grantId, async (current) => {
        if (current.status !== 'pending' || current.dependentUserId !== me.id) throw notPending();
        const guardian = current.basis === 'guardian';
        return {
          values: {
            status: 'active',
            grantedBy: guardian ? current.caregiverUserId : me.id,
            ...scopeColumns(body.scopes),
          },
          action: guardian ? 'confirmed' : 'granted',
        };
      });
      return asLink(me, grant);
    },

    /** The parent confirms a minor's link with the code sent to the minor's phone, which the minor read out to them. */
    async confirmWithChildsCode(me: UserRow, grantId: string, code: string): Promise<CareLink> {
      const row = await linkRowOf(me, grantId);
      if (!toCareLink(me.id, row, me).awaitingChildsCode || !row.other.phone) throw notPending();
      await otp.confirmCode(row.other.phone, code, 'care_consent');
      const grant = await family.changeLink(me.id, grantId, async (current) => {
        if (current.status !== 'pending' || current.caregiverUserId !== me.id) throw notPending();
        // The child consented (their code): the event is theirs; the declaration, and so the grant, the parent's.
        return {
          values: { status: 'active', grantedBy: me.id },
          action: 'confirmed',
          actorUserId: current.dependentUserId,
        };
      });
      return asLink(me, grant);
    },

    /**
     * The minor says the person is not their parent or guardian: the link is suspended at once (no access, no alerts),
     * and the app's operator is told to look into it. Only the operator lifts a suspension; the other side may end it.
     */
    async report(me: UserRow, grantId: string): Promise<CareLink> {
      await linkRowOf(me, grantId);
      let alertId = '';
      const grant = await family.changeLink(me.id, grantId, async (current, tx) => {
        if (current.dependentUserId !== me.id || !reportable(current)) throw notReportable();
        alertId = await family.alertOperator(tx, 'care_link_reported', current.id);
        return { values: { status: 'suspended' }, action: 'reported' };
      });
      log.warn(
        { operatorAlert: alertId, kind: 'care_link_reported' },
        'a minor reported a parent link as not theirs: suspended, operator to review',
      );
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
          if (widens(scopesOf(current), body.scopes) && grantorNow(current, { birthday: dependentBirthday }) !== me.id)
            throw widenForbidden();
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
