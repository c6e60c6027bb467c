/** Seconds as m:ss for a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A PromptPay account as a banking app shows it: a 13-digit national or tax id as 0-0000-00000-01-9, a mobile as
 * 081-234-5678; an e-wallet id as it came.
 */
export function formatPromptpayId(id: string): string {
  if (/^\d{13}$/.test(id)) return `${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`;
  if (/^0\d{9}$/.test(id)) return `${id.slice(0, 3)}-${id.slice(3, 6)}-${id.slice(6)}`;
  return id;
}
