import type { UserProfile } from '@klaimor/contracts';
import type { TFunction } from 'i18next';

const BANGKOK = 'กรุงเทพมหานคร';

/** One line for the whole address, with the prefixes of the language (แขวง/เขต in Bangkok, ตำบล/อำเภอ/จังหวัด elsewhere). */
export function combinedAddress(
  t: TFunction<'person'>,
  profile: Pick<UserProfile, 'address' | 'subdistrict' | 'subdistrist' | 'district' | 'province' | 'postcode'>,
): string {
  const bangkok = profile.province === BANGKOK;
  const subdistrict = profile.subdistrict || profile.subdistrist;
  return [
    profile.address,
    bangkok
      ? t('address.line.subdistrictBangkok', { name: subdistrict })
      : t('address.line.subdistrict', { name: subdistrict }),
    bangkok
      ? t('address.line.districtBangkok', { name: profile.district })
      : t('address.line.district', { name: profile.district }),
    bangkok
      ? t('address.line.provinceBangkok', { name: profile.province })
      : t('address.line.province', { name: profile.province }),
    profile.postcode,
  ]
    .filter((part) => part.trim() !== '')
    .join(t('address.line.separator'));
}
