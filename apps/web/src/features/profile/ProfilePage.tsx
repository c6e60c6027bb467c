import { ageInYears, formatThaiMobile } from '@klaimor/contracts';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { DetailList } from '../../components/DetailList';
import { PageTitle } from '../../components/PageTitle';
import { apiErrorMessage } from '../../lib/error-messages';
import { formatBuddhistDate } from '../../lib/thai-date';
import { useLogout } from '../../session/current-user';
import { FamilyLink } from '../family/FamilyLink';
import { PersonGate } from '../../session/PersonGate';
import { forgetSelectedPatient } from '../../session/selected-patient';
import { usePatientScope } from '../../session/patient-scope';
import { useCareAllows } from '../../session/use-selected-person';
import { usePersonProfile } from '../../session/person-profile';
import { combinedAddress } from '../../lib/address-format';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { ConsentSummary } from '../legal/ConsentSummary';
import { MyDataSection } from '../my-data/MyDataSection';
import { usePersonTexts } from '../../i18n/person/person.texts';
import { appLanguage } from '../../i18n/language';
import { identityDocumentRow } from '../../i18n/person/identity-document';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { Written } from '../../components/Written';
import { writtenLanguage } from '../../lib/written-language';

// The forms (zod, address list) load only when the patient starts editing.
const ProfileEditForm = lazy(() => import('./ProfileEditForm').then((m) => ({ default: m.ProfileEditForm })));
const IdentityCorrectionForm = lazy(() =>
  import('./IdentityCorrectionForm').then((m) => ({ default: m.IdentityCorrectionForm })),
);

/** The details of the person on screen (the patient's own, or a dependent's), editable where allowed, and log out. */
export function ProfilePage() {
  return (
    <PersonGate area="records">
      <ProfileScreen />
    </PersonGate>
  );
}

function ProfileScreen() {
  const { t, i18n } = usePersonTexts();
  const whose = useWhoseHeading();
  const lang = appLanguage(i18n);
  const navigate = useNavigate();
  const patient = usePatientScope();
  const own = patient.dependentId === null;
  const mayChangeContact = useCareAllows('changeProfile');
  const person = usePersonProfile();
  const logout = useLogout();
  const [editing, setEditing] = useState<'contact' | 'identity' | null>(null);
  const [saved, setSaved] = useState<'contact' | 'identity' | null>(null);
  const profile = person.data;
  if (person.isPending) return <LoadingState />;
  if (!profile) return <ErrorState onRetry={() => void person.refetch()} />;

  const dash = t('common.notSpecified');
  const rows: { label: string; value: string }[] = [
    { label: t('profile.fields.gender'), value: profile.gender ? t(`gender.${profile.gender}`) : dash },
    { label: t('profile.fields.bloodGroup'), value: profile.blood_group ?? dash },
    { label: t('profile.fields.birthday'), value: formatBuddhistDate(profile.birthday, lang) },
    { label: t('profile.fields.phone'), value: profile.phone ? formatThaiMobile(profile.phone) : dash },
    { label: t('profile.fields.email'), value: profile.email ?? dash },
    identityDocumentRow(t, profile),
    { label: t('profile.fields.address'), value: combinedAddress(t, profile) },
  ];

  const finish = (what: 'contact' | 'identity') => {
    setEditing(null);
    setSaved(what);
  };

  const doLogout = async () => {
    try {
      forgetSelectedPatient();
      await logout.mutateAsync();
    } catch {
      // the cache is cleared either way; the error is shown below
      return;
    }
    await navigate('/login', { replace: true });
  };

  return (
    <Stack spacing={2}>
      <PageTitle>{whose(t, 'profile.title')}</PageTitle>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 56, height: 56 }} aria-hidden>
              <Written>{profile.firstname.slice(0, 1)}</Written>
            </Avatar>
            <div>
              <Typography
                component="h2"
                variant="h6"
                lang={writtenLanguage(profile.firstname)}
                sx={{ fontWeight: 600 }}
              >
                {t('profile.fullName', { firstname: profile.firstname, lastname: profile.lastname })}
              </Typography>
              <Typography color="text.secondary">{t('profile.age', { age: ageInYears(profile.birthday) })}</Typography>
            </div>
          </Stack>
          {editing ? null : <DetailList rows={rows} />}
          {editing ? (
            <Suspense fallback={<LoadingState />}>
              {editing === 'contact' ? (
                <ProfileEditForm
                  profile={profile}
                  onCancel={() => setEditing(null)}
                  onSaved={() => finish('contact')}
                />
              ) : (
                <IdentityCorrectionForm
                  profile={profile}
                  onCancel={() => setEditing(null)}
                  onSaved={() => finish('identity')}
                />
              )}
            </Suspense>
          ) : (
            <Stack spacing={1} sx={{ mt: 2 }}>
              {mayChangeContact ? (
                <Button variant="contained" startIcon={<EditIcon />} fullWidth onClick={() => setEditing('contact')}>
                  {t('profile.edit')}
                </Button>
              ) : null}
              {/* Correcting the registered identity takes a code to the person's own phone: their own account only. */}
              {own ? (
                <Button variant="outlined" fullWidth onClick={() => setEditing('identity')}>
                  {t(profile.id_type === 'passport' ? 'identity.openPassport' : 'identity.open')}
                </Button>
              ) : null}
            </Stack>
          )}
        </CardContent>
      </Card>
      <MyDataSection />
      {own ? (
        <>
          <FamilyLink />
          <ConsentSummary consent={profile.consent} />
        </>
      ) : null}
      {logout.isError ? <Alert severity="error">{apiErrorMessage(t, logout.error)}</Alert> : null}
      {/* Signing out is the signed-in patient's: offered on their own profile, not on a dependent's. */}
      {own ? (
        <Button
          variant="outlined"
          color="error"
          startIcon={<LogoutIcon />}
          onClick={() => void doLogout()}
          loading={logout.isPending}
        >
          {t('profile.logout')}
        </Button>
      ) : null}
      <NoticeSnackbar
        notice={
          saved
            ? t(
                saved === 'contact'
                  ? 'profile.saved'
                  : profile.id_type === 'passport'
                    ? 'identity.savedPassport'
                    : 'identity.saved',
              )
            : null
        }
        onClose={() => setSaved(null)}
      />
    </Stack>
  );
}
