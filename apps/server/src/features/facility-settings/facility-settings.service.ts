import {
  type AuditSettingChange,
  type FacilitySettings,
  type FacilityKind,
  type FacilitySettingsBody,
  type HealthScheme,
  type OpeningHours,
  readOpeningHours,
  reasons,
  toOpeningHoursText,
} from '@klaimor/contracts';
import type { z } from 'zod';
import { AppError, validationFailed } from '../../errors.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { FacilitySettingsRepository } from './facility-settings.repository.js';

const depositNeedsPromptPay = () =>
  new AppError(
    409,
    'deposit_needs_promptpay',
    'สถานพยาบาลนี้ยังไม่มีบัญชีพร้อมเพย์สำหรับรับมัดจำ กรุณาติดต่อผู้ให้บริการแอปเพื่อตั้งบัญชีก่อนกำหนดเงินมัดจำ',
  );

type Row = NonNullable<Awaited<ReturnType<FacilitySettingsRepository['settings']>>>;

function toSettings(row: Row): FacilitySettings {
  return {
    id: row.stableId,
    nameTh: row.nameTh,
    nameEn: row.nameEn,
    kind: row.kind as FacilityKind,
    phone: row.phone,
    ...readOpeningHours(row.openingHours),
    emergency24h: row.emergency24h,
    schemes: row.schemes as HealthScheme[],
    insurers: row.insurers,
    depositAmount: row.depositAmount,
    replyWithinHours: row.replyWithinHours,
    nearHomePharmacy: row.nearHomePharmacy,
    receivesDeposits: row.promptpayId !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Hours the form cannot draw are shown to the admin as text, with the form at "not stated": saving other settings
 * that way keeps them, and only hours the admin sets replace them.
 */
function hoursToStore(asked: OpeningHours, stored: string | null): string | null {
  if (asked.kind === 'not_stated' && readOpeningHours(stored).openingHoursText !== null) return stored;
  return toOpeningHoursText(asked);
}

type Values = Pick<
  Row,
  | 'phone'
  | 'openingHours'
  | 'emergency24h'
  | 'schemes'
  | 'insurers'
  | 'depositAmount'
  | 'replyWithinHours'
  | 'nearHomePharmacy'
>;

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The settings a save changed, each before and after, in the form's order. */
function changesBetween(before: Values, after: Values): AuditSettingChange[] {
  const changes: AuditSettingChange[] = [];
  if (before.phone !== after.phone) changes.push({ field: 'phone', before: before.phone, after: after.phone });
  if (before.openingHours !== after.openingHours)
    changes.push({ field: 'openingHours', before: before.openingHours, after: after.openingHours });
  if (before.emergency24h !== after.emergency24h)
    changes.push({ field: 'emergency24h', before: before.emergency24h, after: after.emergency24h });
  if (!sameList(before.schemes, after.schemes))
    changes.push({ field: 'schemes', before: before.schemes, after: after.schemes });
  if (!sameList(before.insurers, after.insurers))
    changes.push({ field: 'insurers', before: before.insurers, after: after.insurers });
  if (before.depositAmount !== after.depositAmount)
    changes.push({ field: 'depositAmount', before: before.depositAmount, after: after.depositAmount });
  if (before.replyWithinHours !== after.replyWithinHours)
    changes.push({ field: 'replyWithinHours', before: before.replyWithinHours, after: after.replyWithinHours });
  if (before.nearHomePharmacy !== after.nearHomePharmacy)
    changes.push({ field: 'nearHomePharmacy', before: before.nearHomePharmacy, after: after.nearHomePharmacy });
  return changes;
}

/**
 * What a facility's admin sets of how patients find it on the map: phone, outpatient hours, a 24-hour emergency
 * department, accepted schemes and insurers, the deposit.
 */
export function createFacilitySettingsService(settings: FacilitySettingsRepository, access: StaffAccess) {
  return {
    async read(actor: StaffAtFacility): Promise<FacilitySettings> {
      return toSettings((await settings.settings(actor.facilityId))!);
    },

    /**
     * The PromptPay account that receives deposits is not among these: where money goes is set up with the app's
     * operator, so a deposit is refused where there is no account to receive it.
     */
    async save(actor: StaffAtFacility, body: z.output<typeof FacilitySettingsBody>): Promise<FacilitySettings> {
      const current = (await settings.settings(actor.facilityId))!;
      if (body.depositAmount > 0 && current.kind === 'pharmacy')
        throw validationFailed({ depositAmount: reasons.outOfRange });
      if (body.emergency24h && current.kind === 'pharmacy')
        throw validationFailed({ emergency24h: reasons.invalidChoice });
      if (body.nearHomePharmacy && current.kind !== 'pharmacy')
        throw validationFailed({ nearHomePharmacy: reasons.invalidChoice });
      if (body.depositAmount > 0 && current.promptpayId === null) throw depositNeedsPromptPay();
      const { before, after: saved } = await settings.save(actor.facilityId, {
        phone: body.phone,
        openingHours: hoursToStore(body.openingHours, current.openingHours),
        emergency24h: body.emergency24h,
        schemes: body.schemes,
        insurers: body.insurers,
        depositAmount: body.depositAmount,
        replyWithinHours: body.replyWithinHours,
        nearHomePharmacy: body.nearHomePharmacy,
      });
      await access.audit(actor, {
        action: 'facility.settings_changed',
        details: { kind: 'settings', changes: changesBetween(before, saved) },
      });
      return toSettings(saved);
    },
  };
}
export type FacilitySettingsService = ReturnType<typeof createFacilitySettingsService>;
