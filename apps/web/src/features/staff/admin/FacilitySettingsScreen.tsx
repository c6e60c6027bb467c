import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { LoadingState } from '../../../components/LoadingState';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { StaffLoadError } from '../shared/StaffLoadError';
import { formatDateTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { FacilitySettingsForm } from './FacilitySettingsForm';
import { useFacilitySettings } from './admin.queries';

/** The facility's settings, for its admin: what patients see of it, and the deposit new sessions start from. */
export function FacilitySettingsScreen({ facilityId }: { facilityId: string }) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const settings = useFacilitySettings(facilityId);
  const [notice, setNotice] = useState<string | null>(null);
  const data = settings.data;

  return (
    <Stack spacing={2.5}>
      <PageTitle
        subtitle={
          data
            ? `${lang === 'en' ? data.nameEn : data.nameTh} · ${t('settings.updatedAt', { date: formatDateTime(t, data.updatedAt, lang) })}`
            : undefined
        }
      >
        {t('settings.title')}
      </PageTitle>
      {settings.isPending ? (
        <LoadingState label={t('settings.loading')} />
      ) : settings.isError ? (
        <StaffLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        // Saved settings come back as the form's new starting point.
        <FacilitySettingsForm
          key={settings.data.updatedAt}
          facilityId={facilityId}
          settings={settings.data}
          onSaved={() => setNotice(t('settings.saved'))}
        />
      )}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
