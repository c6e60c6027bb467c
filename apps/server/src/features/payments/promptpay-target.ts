import { parse } from 'promptparse';

/**
 * The account a PromptPay payload pays (EMVCo tag 29: 01 a mobile number, 02 a national or tax id, 03 an e-wallet),
 * as a patient would type it into a banking app: a mobile as 0XXXXXXXXX. Null for a payload that names none.
 */
export function promptpayTargetOf(payload: string): string | null {
  const qr = parse(payload);
  const mobile = qr?.getTagValue('29', '01');
  if (mobile) return `0${mobile.slice(-9)}`;
  return qr?.getTagValue('29', '02') ?? qr?.getTagValue('29', '03') ?? null;
}
