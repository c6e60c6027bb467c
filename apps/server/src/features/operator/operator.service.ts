import {
  type AuditDetails,
  type AuditSettingChange,
  type CorrectFacilityBody,
  type FirstAdminInvitation,
  type OperatorFacilitiesQuery,
  type OperatorFacilitiesReply,
  type OperatorFacility,
  type OperatorFacilitySummary,
  type OperatorMe,
  readOpeningHours,
  reasons,
  toOpeningHoursText,
} from '@klaimor/contracts';
import { generate } from 'promptparse';
import type { z } from 'zod';
import { AppError, validationFailed } from '../../errors.js';
import type { StaffMemberRow } from '../../db/rows.js';
import type { StaffRepository } from '../staff/staff.repository.js';
import type { StaffService } from '../staff/staff.service.js';
import type { FacilityChanges, OperatorRepository } from './operator.repository.js';

const notFound = () => new AppError(404, 'not_found', 'ไม่พบสถานพยาบาลนี้');
const hasUpcoming = (count: number) =>
  new AppError(
    409,
    'facility_has_appointments',
    `สถานพยาบาลนี้ยังมีนัดหมายที่ยังไม่ถึง ${count} รายการ ให้ผู้ดูแลของสถานพยาบาลยกเลิกหรือย้ายนัดก่อน`,
  );
const inUse = () =>
  new AppError(
    409,
    'facility_in_use',
    'รายการที่ซ้ำนี้มีตารางนัด เจ้าหน้าที่ หรือนัดหมายอยู่ จึงรวมไม่ได้ ให้รวมในทางกลับกัน (เก็บรายการนี้ไว้) แทน',
  );
const cannotMergeInto = () =>
  new AppError(409, 'merge_target_invalid', 'รวมเข้ากับสถานพยาบาลนี้ไม่ได้ (เป็นรายการเดียวกันหรือถูกซ่อนอยู่)');
const promptPayChanged = () =>
  new AppError(409, 'promptpay_changed', 'เลขพร้อมเพย์ที่รอยืนยันถูกเปลี่ยนไปแล้ว กรุณาเปิดหน้านี้ใหม่และตรวจ QR อีกครั้ง');

/** The audit trail's role for the app's operators (a facility's audit log shows what they changed there). */
export const OPERATOR_ROLE = 'operator';

/** The PromptPay QR a patient would scan to pay this id, with no amount: what the operator checks in a banking app. */
export const promptPayQr = (id: string): string => generate.anyId({ type: 'NATID', target: id });

type Row = NonNullable<Awaited<ReturnType<OperatorRepository['find']>>>;
type SummaryRow = Awaited<ReturnType<OperatorRepository['list']>>['rows'][number];

function toSummary(row: SummaryRow): OperatorFacilitySummary {
  return {
    id: row.stableId,
    nameTh: row.nameTh,
    kind: row.kind as OperatorFacilitySummary['kind'],
    district: row.district,
    province: row.province,
    mophCode: row.mophCode,
    takesBookings: row.takesBookings,
    positionFlag: row.positionFlag as OperatorFacilitySummary['positionFlag'],
    hiddenReason: row.hiddenReason as OperatorFacilitySummary['hiddenReason'],
    promptPay: row.promptpayId ? 'verified' : row.promptpayPendingId ? 'pending' : 'none',
    admins: row.admins,
  };
}

function toFacility(row: Row): OperatorFacility {
  return {
    ...toSummary(row),
    nameEn: row.nameEn,
    ownership: row.ownership as OperatorFacility['ownership'],
    address: row.address,
    subdistrict: row.subdistrict,
    lat: row.lat,
    lng: row.lng,
    phone: row.phone,
    ...readOpeningHours(row.openingHours),
    emergency24h: row.emergency24h,
    promptPayId: row.promptpayId,
    promptPayPending: row.promptpayPendingId
      ? { id: row.promptpayPendingId, qrPayload: promptPayQr(row.promptpayPendingId) }
      : null,
    corrected: row.operatorCorrected,
    mergedInto: row.mergedIntoFacility && {
      id: row.mergedIntoFacility.stableId,
      nameTh: row.mergedIntoFacility.nameTh,
    },
    source: { name: row.sourceName, ref: row.sourceRef },
    upcomingAppointments: row.upcoming,
  };
}

/** An operator's correction as the facility's columns, and the corrections it makes. */
function changesOf(body: z.output<typeof CorrectFacilityBody>): { changes: FacilityChanges; corrections: string[] } {
  const { position, openingHours, ...plain } = body;
  const changes: FacilityChanges = {
    ...plain,
    ...(position && { lat: position.lat, lng: position.lng }),
    ...(openingHours && { openingHours: toOpeningHoursText(openingHours) }),
  };
  return { changes, corrections: Object.keys(body).sort() };
}

/** The settings a facility's admin also sets, as a correction changed them: the facility's log shows them alike. */
function settingChanges(before: Row, after: Row): AuditSettingChange[] {
  const changes: AuditSettingChange[] = [];
  if (before.phone !== after.phone) changes.push({ field: 'phone', before: before.phone, after: after.phone });
  if (before.openingHours !== after.openingHours)
    changes.push({ field: 'openingHours', before: before.openingHours, after: after.openingHours });
  if (before.emergency24h !== after.emergency24h)
    changes.push({ field: 'emergency24h', before: before.emergency24h, after: after.emergency24h });
  return changes;
}

interface Deps {
  operators: OperatorRepository;
  staff: StaffRepository;
  staffService: StaffService;
  enrolmentLink: (token: string) => string;
}

/**
 * What the app's operator does to keep the directory true. Every change is recorded in the audit trail, at the facility
 * it was made to, so the facility's own admin sees it in their log too.
 */
export function createOperatorService({ operators, staff, staffService, enrolmentLink }: Deps) {
  const audit = (
    memberId: string,
    facilityId: string,
    action: string,
    target: string | null = null,
    details: AuditDetails | null = null,
  ) => staff.appendAudit({ staffMemberId: memberId, role: OPERATOR_ROLE, facilityId, action, target, details });

  async function found(stableId: string): Promise<Row> {
    const row = await operators.find(stableId);
    if (!row) throw notFound();
    return row;
  }

  return {
    isOperator: (memberId: string) => staff.isOperator(memberId),

    me: (member: StaffMemberRow): OperatorMe => ({
      id: member.id,
      email: member.email,
      displayName: member.displayName,
    }),

    async list(query: z.output<typeof OperatorFacilitiesQuery>): Promise<OperatorFacilitiesReply> {
      const { rows, total } = await operators.list(query);
      return { data: rows.map(toSummary), total };
    },

    async get(stableId: string): Promise<OperatorFacility> {
      return toFacility(await found(stableId));
    },

    async correct(memberId: string, stableId: string, body: z.output<typeof CorrectFacilityBody>) {
      const row = await found(stableId);
      if (body.emergency24h && (body.kind ?? row.kind) === 'pharmacy')
        throw validationFailed({ emergency24h: reasons.invalidChoice });
      const { changes, corrections } = changesOf(body);
      await operators.correct(row.id, changes, corrections);
      const after = await found(stableId);
      const settings = settingChanges(row, after);
      await audit(
        memberId,
        row.id,
        'operator.facility_corrected',
        corrections.join(','),
        settings.length ? { kind: 'settings', changes: settings } : null,
      );
      return toFacility(after);
    },

    async setHidden(memberId: string, stableId: string, hidden: boolean): Promise<OperatorFacility> {
      const row = await found(stableId);
      if (hidden && !row.hiddenReason) {
        if (!(await operators.hideAsClosed(row.id))) throw hasUpcoming((await found(stableId)).upcoming);
        await audit(memberId, row.id, 'operator.facility_hidden', 'closed');
      } else if (!hidden && row.hiddenReason) {
        await operators.show(row.id);
        await audit(memberId, row.id, 'operator.facility_shown', row.hiddenReason);
      }
      return toFacility(await found(stableId));
    },

    async merge(memberId: string, stableId: string, intoStableId: string): Promise<OperatorFacility> {
      const duplicate = await found(stableId);
      const kept = await operators.find(intoStableId);
      if (!kept || kept.id === duplicate.id || duplicate.hiddenReason) throw cannotMergeInto();
      const result = await operators.merge(duplicate.id, kept.id);
      if (result === 'kept_hidden') throw cannotMergeInto();
      if (result === 'in_use') throw inUse();
      await audit(memberId, duplicate.id, 'operator.facility_merged', kept.stableId);
      await audit(memberId, kept.id, 'operator.facility_merged_in', duplicate.stableId);
      return toFacility(await found(stableId));
    },

    async setPromptPay(memberId: string, stableId: string, promptPayId: string): Promise<OperatorFacility> {
      const row = await found(stableId);
      await operators.setPendingPromptPay(row.id, promptPayId);
      // The id itself is the facility's public tax id, but the trail keeps only that one was entered.
      await audit(memberId, row.id, 'operator.promptpay_entered');
      return toFacility(await found(stableId));
    },

    async verifyPromptPay(memberId: string, stableId: string, promptPayId: string): Promise<OperatorFacility> {
      const row = await found(stableId);
      if (!(await operators.verifyPromptPay(row.id, promptPayId))) throw promptPayChanged();
      await audit(memberId, row.id, 'operator.promptpay_verified');
      return toFacility(await found(stableId));
    },

    /** A one-time link for the facility's first administrator (or another one): shown once, to pass on. */
    async inviteAdmin(
      memberId: string,
      stableId: string,
      invitation: { email: string; displayName: string },
    ): Promise<FirstAdminInvitation> {
      const row = await found(stableId);
      if (row.hiddenReason) throw notFound();
      const invited = await staffService.invite(
        { facilityStableId: row.stableId, email: invitation.email, role: 'admin', displayName: invitation.displayName },
        { staffMemberId: memberId, role: OPERATOR_ROLE },
      );
      return {
        email: invited.email,
        enrolmentLink: enrolmentLink(invited.token),
        expiresAt: invited.expiresAt.toISOString(),
      };
    },
  };
}
export type OperatorService = ReturnType<typeof createOperatorService>;
