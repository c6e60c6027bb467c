import { REFILL_LAPSED_DAYS, REFILL_WINDOW_DAYS } from '@klaimor/contracts';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { PersonGate } from '../../session/PersonGate';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { useMedications, useRefillRequests } from '../medications/medications.queries';
import { MedicineSummary } from './MedicineSummary';
import { OfferedMedicines, offeredOf } from './OfferedMedicines';
import { RefillRequestForm } from './RefillRequestForm';
import { useRefillsTexts } from './refills.texts';

/**
 * /refills/new?medication=<id>: asks the hospital that prescribed a long-term medicine for more of it. Without a
 * medicine in the address (or one that may not be asked for now) it says why, and offers those that may.
 */
export function RefillRequestPage() {
  return (
    <PersonGate area="changeMedicines">
      <RefillRequestScreen />
    </PersonGate>
  );
}

function RefillRequestScreen() {
  const { t } = useRefillsTexts();
  const whose = useWhoseHeading();
  const [params] = useSearchParams();
  const medications = useMedications();
  const requests = useRefillRequests();
  const medication = medications.data?.find((m) => m.id === params.get('medication'));
  const waiting = requests.data?.some((r) => r.medication.id === medication?.id && r.status === 'requested');
  const seeRequests = (
    <Button component={Link} to="/refills" variant="outlined" startIcon={<ReceiptLongIcon />}>
      {t('request.seeRequests')}
    </Button>
  );

  let body;
  if (medications.isPending) body = <LoadingState />;
  else if (medications.data === undefined) body = <ErrorState onRetry={() => void medications.refetch()} />;
  else if (!medication) {
    const offered = offeredOf(medications.data);
    body = (
      <Stack spacing={1.5}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {offered.length > 0 ? t('request.choose') : t('request.noneOffered')}
        </Typography>
        {offered.length > 0 ? (
          <OfferedMedicines medications={offered} />
        ) : (
          <Typography color="text.secondary">
            {t('list.emptyBody', { window: REFILL_WINDOW_DAYS, lapsed: REFILL_LAPSED_DAYS })}
          </Typography>
        )}
        {seeRequests}
      </Stack>
    );
  } else if (!medication.refillOffered)
    body = (
      <>
        <MedicineSummary medication={medication} />
        <Alert severity="info">
          <Typography sx={{ fontWeight: 600 }}>{waiting ? t('request.waiting') : t('request.notOffered')}</Typography>
          {waiting ? null : (
            <Typography variant="body2">
              {t('list.emptyBody', { window: REFILL_WINDOW_DAYS, lapsed: REFILL_LAPSED_DAYS })}
            </Typography>
          )}
        </Alert>
        {seeRequests}
      </>
    );
  else
    body = (
      <>
        <MedicineSummary medication={medication} />
        <RefillRequestForm medication={medication} />
      </>
    );

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={t('request.subtitle')}>{whose(t, 'request.title')}</PageTitle>
      {body}
    </Stack>
  );
}
