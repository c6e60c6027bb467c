import { formatThaiId, type UserProfile } from '@klaimor/contracts';

type DocumentFields = Pick<UserProfile, 'id_type' | 'thai_id' | 'passport_number' | 'nationality'>;

/** The registered document as one line of a profile: its kind (person namespace's words) and its number. */
export function identityDocumentRow(
  t: (key: 'profile.fields.thaiId' | 'profile.fields.foreignId' | 'profile.fields.passport') => string,
  profile: DocumentFields,
): { label: string; value: string } {
  if (profile.id_type === 'passport')
    return {
      label: t('profile.fields.passport'),
      value: `${profile.passport_number ?? ''} (${profile.nationality ?? ''})`,
    };
  return {
    label: t(profile.id_type === 'foreign_id' ? 'profile.fields.foreignId' : 'profile.fields.thaiId'),
    value: formatThaiId(profile.thai_id ?? ''),
  };
}
