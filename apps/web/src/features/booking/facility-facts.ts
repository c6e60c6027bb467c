import type { Hospital } from '@klaimor/contracts';

type Place = Pick<Hospital, 'address' | 'subdistrict' | 'district' | 'province' | 'postcode'> &
  Pick<Hospital, 'subdistrictEn' | 'districtEn' | 'provinceEn'>;

const BANGKOK = 'กรุงเทพมหานคร';

/**
 * The facility's address as a letter to it is written: in Thai with ต./อ./จ. (แขวง and เขต in Bangkok); in English
 * with the place names in English where the directory has them. The house number and village stay as the source
 * writes them.
 */
export function facilityAddress(h: Place, lang: string): string | null {
  let parts: (string | null)[];
  if (lang === 'en') {
    parts = [h.address, h.subdistrictEn ?? h.subdistrict, h.districtEn ?? h.district, h.provinceEn ?? h.province];
  } else {
    const bangkok = h.province === BANGKOK;
    parts = [
      h.address,
      h.subdistrict && `${bangkok ? 'แขวง' : 'ต.'}${h.subdistrict}`,
      h.district && `${bangkok ? 'เขต' : 'อ.'}${h.district}`,
      h.province && (bangkok ? h.province : `จ.${h.province}`),
    ];
  }
  const text = [...parts, h.postcode].filter(Boolean).join(lang === 'en' ? ', ' : ' ');
  return text || null;
}

/** The registry's service level ("21-2.1 ทุติยภูมิระดับต้น") by its leading code, for the texts' `serviceLevels`. */
export const serviceLevelCode = (level: string | null): string | null => level?.match(/^(\d{2})-/)?.[1] ?? null;
