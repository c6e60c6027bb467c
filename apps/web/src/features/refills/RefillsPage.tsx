import { REFILL_LAPSED_DAYS, REFILL_WINDOW_DAYS, type Refill } from '@klaimor/contracts';
import MedicationIcon from '@mui/icons-material/Medication';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { PageTitle } from '../../components/PageTitle';
import { apiErrorMessage } from '../../lib/error-messages';
import { PersonGate } from '../../session/PersonGate';
import { useCareAllows } from '../../session/use-selected-person';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { medicineName } from '../medications/medications-format';
import { useMedications, useRefillRequests } from '../medications/medications.queries';
import { OfferedMedicines, offeredOf } from './OfferedMedicines';
import { RefillCard } from './RefillCard';
import { useCancelRefill } from './refills.queries';
import { useRefillsTexts } from './refills.texts';

/** Whether the screen was opened right after a request was sent (RefillRequestForm says so in the history state). */
const justSent = (state: unknown): boolean => (state as { sent?: unknown } | null)?.sent === true;

/**
 * /refills ("คำขอรับยาต่อ"): the person's requests for more of their long-term medicines, newest first, each with where
 * it stands and what to do next; the medicines that may be asked for now; a request still waiting may be withdrawn.
 */
export function RefillsPage() {
  return (
    <PersonGate area="medicines">
      <RefillsScreen />
    </PersonGate>
  );
}

function RefillsScreen() {
  const { t } = useRefillsTexts();
  const whose = useWhoseHeading();
  const sent = justSent(useLocation().state);
  const requests = useRefillRequests();
  const offered = offeredOf(useMedications().data);
  const canChange = useCareAllows('changeMedicines');
  const cancel = useCancelRefill();
  const [cancelling, setCancelling] = useState<Refill | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      setCancelling(null);
      setNotice(t('list.cancelled'));
    } catch {
      // said in the dialog (cancel.error), which stays open
    }
  };

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={t('list.subtitle')}>{whose(t, 'list.title')}</PageTitle>
      {sent ? <Alert severity="success">{t('list.sent')}</Alert> : null}
      {canChange && offered.length > 0 ? (
        <Box component="section" aria-labelledby="refills-offered-heading">
          <Typography id="refills-offered-heading" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
            {t('offered.title')}
          </Typography>
          <OfferedMedicines medications={offered} />
        </Box>
      ) : null}
      {requests.isPending ? (
        <LoadingState label={t('list.loading')} />
      ) : requests.data === undefined ? (
        <ErrorState onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <EmptyState
          icon={<MedicationIcon />}
          title={t('list.emptyTitle')}
          description={t('list.emptyBody', { window: REFILL_WINDOW_DAYS, lapsed: REFILL_LAPSED_DAYS })}
          action={
            <Button component={Link} to="/todo" variant="outlined">
              {t('list.toMedicines')}
            </Button>
          }
        />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label={t('list.label')}>
          {requests.data.map((refill) => (
            <li key={refill.id}>
              <RefillCard
                refill={refill}
                onCancel={
                  canChange && refill.status === 'requested'
                    ? () => {
                        cancel.reset();
                        setCancelling(refill);
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('card.confirmCancel.title', { name: cancelling ? medicineName(cancelling.medication) : '' })}
        body={t('card.confirmCancel.body')}
        confirmLabel={t('card.confirmCancel.confirm')}
        dismissLabel={t('card.confirmCancel.keep')}
        destructive
        busy={cancel.isPending}
        error={cancel.error ? apiErrorMessage(t, cancel.error) : null}
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancelling(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
