/** Thai national ID: 13 digits, the last one a mod-11 check digit over the first twelve. */
export function isValidThaiId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(value[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(value[12]);
}

export function stripThaiIdFormatting(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Shown as printed on the card: 1-2345-67890-12-3. */
export function formatThaiId(value: string): string {
  const d = stripThaiIdFormatting(value);
  if (d.length !== 13) return value;
  return `${d[0]}-${d.slice(1, 5)}-${d.slice(5, 10)}-${d.slice(10, 12)}-${d[12]}`;
}
