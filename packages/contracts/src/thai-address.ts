import { reasons } from './fields.js';

export interface ThaiAddressParts {
  subdistrist: string;
  district: string;
  province: string;
  postcode: string;
}

export interface ThaiAddressMatch {
  subdistrict: string;
  district: string;
  province: string;
  postcode: string;
}

// The dataset (~275 KB) is loaded on first use only, so no first screen pays for it.
const dataset = () => import('thai-address-universal');

/**
 * Checks that subdistrict, district, province and postcode name one real place in
 * the Thai address dataset. Returns per-field reasons, or null when they agree.
 */
export async function findThaiAddressMismatch(parts: ThaiAddressParts): Promise<Record<string, string> | null> {
  const { searchAddressByPostalCode } = await dataset();
  const rows = await searchAddressByPostalCode(parts.postcode, 500);
  if (rows.length === 0) return { postcode: reasons.invalidPostcode };
  const inProvince = rows.filter((r) => r.province === parts.province);
  if (inProvince.length === 0) return { province: reasons.addressMismatch };
  const inDistrict = inProvince.filter((r) => r.district === parts.district);
  if (inDistrict.length === 0) return { district: reasons.addressMismatch };
  if (!inDistrict.some((r) => r.sub_district === parts.subdistrist)) return { subdistrist: reasons.addressMismatch };
  return null;
}

/** Suggestions while the patient types a subdistrict, district or postcode. */
export async function suggestThaiAddresses(query: string, limit = 8): Promise<ThaiAddressMatch[]> {
  const q = query.trim();
  if (q.length < 2) return [];
  const lib = await dataset();
  const rows = /^\d+$/.test(q)
    ? q.length === 5
      ? await lib.searchAddressByPostalCode(q, limit * 4)
      : []
    : [...(await lib.searchAddressBySubDistrict(q, limit)), ...(await lib.searchAddressByDistrict(q, limit))];
  const seen = new Set<string>();
  const out: ThaiAddressMatch[] = [];
  for (const r of rows) {
    const key = `${r.sub_district}|${r.district}|${r.province}|${r.postal_code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      subdistrict: r.sub_district,
      district: r.district,
      province: r.province,
      postcode: String(r.postal_code),
    });
    if (out.length >= limit) break;
  }
  return out;
}
