/**
 * Thai mobile numbers are 10 digits starting 06, 08 or 09. People type them with
 * spaces, dashes or the +66 country prefix; we store the plain national form.
 */
export function normalizeThaiMobile(input: string): string | null {
  let digits = input.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+66')) digits = `0${digits.slice(3)}`;
  else if (/^66\d{9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return /^0[689]\d{8}$/.test(digits) ? digits : null;
}

/** 0812345678 -> 081-234-5678 */
export function formatThaiMobile(phone: string): string {
  return /^\d{10}$/.test(phone) ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone;
}

/**
 * A Thai phone number as people read it: a mobile '0812345678' -> '081-234-5678', a Bangkok line '024197000' ->
 * '02-419-7000', a provincial line '053936150' -> '053-936150' (anything else, like 1669, as it came).
 */
export function formatThaiPhone(phone: string): string {
  if (/^0\d{9}$/.test(phone)) return `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
  if (/^02\d{7}$/.test(phone)) return `${phone.slice(0, 2)}-${phone.slice(2, 5)}-${phone.slice(5)}`;
  if (/^0\d{8}$/.test(phone)) return `${phone.slice(0, 3)}-${phone.slice(3)}`;
  return phone;
}
