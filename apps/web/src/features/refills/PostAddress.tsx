import type { UserProfile } from '@klaimor/contracts';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { Written } from '../../components/Written';
import { usePersonTexts } from '../../i18n/person/person.texts';
import { combinedAddress } from '../../lib/address-format';
import { useRefillsTexts } from './refills.texts';

/** Whether a parcel has somewhere to go: the registered address has at least its house and province. */
export const hasPostalAddress = (profile: UserProfile | null | undefined): boolean =>
  !!profile && profile.address.trim() !== '' && profile.province.trim() !== '';

/**
 * Where a parcel goes: the address registered in the profile (the server takes it as it stands when the request is
 * sent), with the way to change it there.
 */
export function PostAddress({ profile }: { profile: UserProfile | null | undefined }) {
  const { t } = useRefillsTexts();
  const person = usePersonTexts();
  return (
    <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <Typography sx={{ fontWeight: 600 }}>{t('request.post.title')}</Typography>
      {profile && hasPostalAddress(profile) ? (
        <>
          <Typography>
            <Written>
              {person.t('profile.fullName', { firstname: profile.firstname, lastname: profile.lastname })}
            </Written>
          </Typography>
          <Typography>
            <Written>{combinedAddress(person.t, profile)}</Written>
          </Typography>
        </>
      ) : (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('request.post.noAddress')}
        </Alert>
      )}
      <Button component={Link} to="/profile" startIcon={<EditLocationAltIcon />} sx={{ mt: 1 }}>
        {t('request.post.change')}
      </Button>
    </Box>
  );
}
