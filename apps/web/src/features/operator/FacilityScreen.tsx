import type { OperatorFacility } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { usePlaceTexts } from '../../i18n/places/places.texts';
import { FacilityDetailsSection } from './FacilityDetailsSection';
import { FirstAdminSection } from './FirstAdminSection';
import { ListingSection } from './ListingSection';
import { PositionSection } from './PositionSection';
import { PromptPaySection } from './PromptPaySection';
import { useOperatorFacility } from './operator.queries';
import { useOperatorTexts } from './operator.texts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" sx={{ p: 3, borderRadius: 2 }} aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One facility as the operator keeps it: each section saves on its own, and the facility's audit trail records it. */
export function FacilityScreen() {
  const { facilityId = '' } = useParams();
  const { t } = useOperatorTexts();
  const facility = useOperatorFacility(facilityId);
  if (facility.isPending) return <LoadingState label={t('loading')} />;
  if (facility.isError) return <ErrorState onRetry={() => void facility.refetch()} />;
  return <FacilityView key={facility.data.id} facility={facility.data} />;
}

function FacilityView({ facility }: { facility: OperatorFacility }) {
  const { t } = useOperatorTexts();
  const { t: places } = usePlaceTexts();
  return (
    <Stack spacing={3}>
      <Button component={RouterLink} to="/operator" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('facility.back')}
      </Button>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {facility.nameTh}
        </Typography>
        <Typography color="text.secondary">
          {[
            places(`kinds.${facility.kind}`),
            facility.mophCode ? t('facility.code', { code: facility.mophCode }) : null,
            [facility.subdistrict, facility.district, facility.province].filter(Boolean).join(', '),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('facility.source', { source: facility.source.name })}
          {' · '}
          {facility.takesBookings ? t('state.takesBookings') : t('state.noBookings')}
          {' · '}
          {t('facility.admins', { count: facility.admins })}
        </Typography>
      </Stack>
      {facility.hiddenReason ? (
        <Alert severity="warning" role="note">
          {facility.mergedInto
            ? t('facility.mergedInto', { name: facility.mergedInto.nameTh })
            : t(`state.hidden.${facility.hiddenReason}`)}
        </Alert>
      ) : null}
      <Section title={t('details.title')}>
        <FacilityDetailsSection facility={facility} />
      </Section>
      <Section title={t('position.title')}>
        <PositionSection facility={facility} />
      </Section>
      <Section title={t('promptPay.title')}>
        <PromptPaySection facility={facility} />
      </Section>
      <Section title={t('admin.title')}>
        <FirstAdminSection facility={facility} />
      </Section>
      <Section title={t('listing.title')}>
        <ListingSection facility={facility} />
      </Section>
    </Stack>
  );
}
