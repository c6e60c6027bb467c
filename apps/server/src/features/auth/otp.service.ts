import { OTP_LENGTH } from '@klaimor/contracts';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { OtpPurpose, OtpRepository, RecentOtpRequests } from './otp.repository.js';
import { hashToken, keyedHash, newOtpCode, newToken, sameHash } from '../../shared/secrets.js';
import type { SmsSender } from './sms/sms-sender.js';
import { SmsDeliveryError } from './sms/sms-sender.js';

const HOUR_MS = 3_600_000;

export const APP_NAME_TH = 'ใกล้หมอ';

/**
 * Who asks for a family-care code, and what for: `caregiver`, an adult dependent is to read the code out to them (and
 * the number becomes the dependent's own sign-in); `guardian`, a minor is to read it out to the parent who asks;
 * `accept`, the invited patient types it into their own app.
 */
export interface CareCodeAsk {
  requester: string;
  as: 'caregiver' | 'guardian' | 'accept';
}

/** A hospital's front desk registering a patient who has no smartphone: the patient reads the code out if they agree. */
function deskRegistrationText(code: string, minutes: number, hospital: string): string {
  return `${hospital} ขอลงทะเบียนคุณใน${APP_NAME_TH}ด้วยเบอร์นี้ เพื่อนัดหมายและแจ้งเตือนทาง SMS: รหัส ${code} บอกรหัสนี้กับเจ้าหน้าที่เฉพาะเมื่อคุณยินยอมตามข้อตกลงและนโยบายความเป็นส่วนตัวที่เจ้าหน้าที่อ่านให้ฟัง ใช้ได้ ${minutes} นาที`;
}

/** A family-care code names who asks and what it gives them, so nobody reads one out to a stranger. */
function careConsentText(code: string, minutes: number, ask: CareCodeAsk): string {
  const { requester } = ask;
  if (ask.as === 'guardian') {
    return `${requester} ขอเป็นผู้ปกครองของคุณใน${APP_NAME_TH}: รหัส ${code} ให้ดูและจัดการข้อมูลสุขภาพของคุณแทน บอกรหัสนี้เฉพาะพ่อแม่หรือผู้ปกครองของคุณ ใช้ได้ ${minutes} นาที`;
  }
  if (ask.as === 'caregiver') {
    return `${requester} ขอเป็นผู้ดูแลข้อมูลสุขภาพของคุณใน${APP_NAME_TH}: รหัส ${code} ให้ดูข้อมูลสุขภาพ นัดหมายและจัดการยาแทนคุณ และเบอร์นี้จะใช้เข้าสู่ระบบของคุณ บอกรหัสเฉพาะเมื่อคุณยินยอม ใช้ได้ ${minutes} นาที`;
  }
  return `${APP_NAME_TH}: รหัสยืนยันให้ ${requester} ดูแลข้อมูลสุขภาพของคุณคือ ${code} ใช้ได้ ${minutes} นาที กรอกในแอปของคุณเอง ห้ามบอกรหัสนี้กับผู้ใด`;
}

export function otpSmsText(
  code: string,
  ttlSec: number,
  purpose: OtpPurpose = 'login',
  careAsk?: CareCodeAsk,
  hospital?: string,
): string {
  const minutes = Math.round(ttlSec / 60);
  // A deletion or correction code says what it does, so nobody reads it out to someone who asks "for your login".
  if (purpose === 'delete_account') {
    return `${APP_NAME_TH}: รหัสยืนยันการลบบัญชีของคุณคือ ${code} ใช้ได้ภายใน ${minutes} นาที หากคุณไม่ได้ขอลบบัญชี ห้ามบอกรหัสนี้กับผู้ใด`;
  }
  if (purpose === 'correct_identity') {
    return `${APP_NAME_TH}: รหัสยืนยันการแก้ไขชื่อ วันเกิด หรือเพศของคุณคือ ${code} ใช้ได้ภายใน ${minutes} นาที หากคุณไม่ได้ขอแก้ไข ห้ามบอกรหัสนี้กับผู้ใด`;
  }
  if (purpose === 'care_consent') {
    if (!careAsk) throw new Error('a family-care code must name who asks for it');
    return careConsentText(code, minutes, careAsk);
  }
  if (purpose === 'desk_registration') {
    if (!hospital) throw new Error('a desk registration code must name the hospital');
    return deskRegistrationText(code, minutes, hospital);
  }
  // The code sent most: within one Thai SMS segment (70 characters), so each costs the operator one, not two.
  return `${APP_NAME_TH}: รหัส OTP คือ ${code} ใช้ได้ ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`;
}

export type Verification =
  { next: 'home'; userId: string } | { next: 'register'; registrationToken: string; expiresInSec: number };

interface Deps {
  config: Pick<Config, 'otp' | 'secretKey' | 'session'>;
  otp: OtpRepository;
  sms: SmsSender;
  findUserIdByPhone(phone: string): Promise<string | null>;
}

const rateLimited = (retryAfterSec: number) =>
  new AppError(
    429,
    'otp_rate_limited',
    `ขอรหัสบ่อยเกินไป กรุณารอ ${retryAfterSec} วินาทีแล้วลองใหม่`,
    undefined,
    retryAfterSec,
  );

const expired = () => new AppError(400, 'otp_expired', 'รหัส OTP หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอรหัสใหม่');
const locked = () => new AppError(429, 'otp_locked', 'ใส่รหัสผิดหลายครั้งเกินไป รหัสนี้ถูกยกเลิกแล้ว กรุณาขอรหัสใหม่');

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

export function createOtpService({ config, otp, sms, findUserIdByPhone }: Deps) {
  const { otp: limits, secretKey } = config;
  const codeHash = (phone: string, code: string) => keyedHash(secretKey, `otp:${phone}`, code);

  /** How long the caller must wait before another code, or null when a code may be sent now. */
  function waitBeforeNextCode(recent: RecentOtpRequests, now: number): number | null {
    const waits: number[] = [];
    if (recent.lastForPhone && now - recent.lastForPhone.getTime() < limits.resendAfterSec * 1000) {
      waits.push(secondsUntil(recent.lastForPhone.getTime() + limits.resendAfterSec * 1000, now));
    }
    if (recent.phoneInHour.length >= limits.maxPerPhonePerHour) {
      const oldest = recent.phoneInHour[recent.phoneInHour.length - limits.maxPerPhonePerHour];
      waits.push(secondsUntil(oldest.getTime() + HOUR_MS, now));
    }
    if (recent.clientInHour.length >= limits.maxPerIpPerHour) {
      const oldest = recent.clientInHour[recent.clientInHour.length - limits.maxPerIpPerHour];
      waits.push(secondsUntil(oldest.getTime() + HOUR_MS, now));
    }
    return waits.length ? Math.max(...waits) : null;
  }

  /** Uses up the number's open code for `purpose` when `code` is right; throws otp_expired, otp_invalid or otp_locked otherwise. */
  async function consumeCode(phone: string, code: string, purpose: OtpPurpose): Promise<void> {
    const attempt = await otp.takeAttempt(phone, purpose, limits.maxAttempts);
    if (!attempt) {
      if (await otp.isLockedOut(phone, purpose, limits.maxAttempts)) throw locked();
      throw expired();
    }
    if (!sameHash(codeHash(phone, code), attempt.codeHash)) {
      if (attempt.attempts >= limits.maxAttempts) throw locked();
      throw new AppError(400, 'otp_invalid', 'รหัส OTP ไม่ถูกต้อง');
    }
    if (!(await otp.consume(attempt.id))) throw expired();
  }

  return {
    /** Checks a code sent for something other than signing in (confirming an account deletion); it starts no session. */
    confirmCode: (phone: string, code: string, purpose: Exclude<OtpPurpose, 'login'>): Promise<void> =>
      consumeCode(phone, code, purpose),

    /**
     * Sends a fresh code; the answer is the same whether or not the number is registered. The limits count
     * every code sent to the number or from the client, whatever its purpose.
     */
    async requestCode(
      phone: string,
      clientIp: string,
      purpose: OtpPurpose = 'login',
      careAsk?: CareCodeAsk,
      hospital?: string,
    ) {
      const now = Date.now();
      const clientKey = keyedHash(secretKey, 'client', clientIp);
      const code = newOtpCode(OTP_LENGTH);
      const { waitSec } = await otp.insertUnlessLimited(
        { phone, purpose, codeHash: codeHash(phone, code), clientKey, expiresAt: new Date(now + limits.ttlSec * 1000) },
        new Date(now - HOUR_MS),
        (recent) => waitBeforeNextCode(recent, now),
      );
      if (waitSec !== null) throw rateLimited(waitSec);
      try {
        await sms.send({ to: phone, text: otpSmsText(code, limits.ttlSec, purpose, careAsk, hospital), code });
      } catch (error) {
        if (!(error instanceof SmsDeliveryError)) throw error;
        throw new AppError(503, 'sms_unavailable', 'ส่ง SMS ไม่สำเร็จในขณะนี้ กรุณาลองใหม่อีกครั้ง');
      }
      return { expiresInSec: limits.ttlSec, resendAfterSec: limits.resendAfterSec };
    },

    async verifyCode(phone: string, code: string): Promise<Verification> {
      await consumeCode(phone, code, 'login');

      const userId = await findUserIdByPhone(phone);
      if (userId) return { next: 'home', userId };

      const registrationToken = newToken();
      const ttl = config.session.registrationTtlSec;
      await otp.addPhoneVerification({
        tokenHash: hashToken(registrationToken),
        phone,
        expiresAt: new Date(Date.now() + ttl * 1000),
      });
      return { next: 'register', registrationToken, expiresInSec: ttl };
    },

    /** The phone a registration cookie proves, or null when it is missing or out of date. */
    async verifiedPhone(registrationToken: string | undefined): Promise<string | null> {
      if (!registrationToken) return null;
      const row = await otp.findPhoneVerification(hashToken(registrationToken));
      return row?.phone ?? null;
    },

    async forgetPhoneVerification(registrationToken: string): Promise<void> {
      await otp.deletePhoneVerification(hashToken(registrationToken));
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
