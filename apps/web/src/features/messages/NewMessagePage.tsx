import { THREAD_SUBJECT_MAX } from '@klaimor/contracts';
import Stack from '@mui/material/Stack';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { PersonGate } from '../../session/PersonGate';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { NewThreadForm } from './MessageForms';
import { useMessageFacilities } from './messages.queries';
import { useCareMessagesTexts } from './messages.texts';

/**
 * /messages/new (`?facility=&subject=` when opened from a result): a question to a care team; once sent, the thread
 * opens (with the 1669 advice when it raised a flag).
 */
export function NewMessagePage() {
  return (
    <PersonGate area="records">
      <NewMessageScreen />
    </PersonGate>
  );
}

function NewMessageScreen() {
  const { t } = useCareMessagesTexts();
  const whose = useWhoseHeading();
  const navigate = useNavigate();
  const facilities = useMessageFacilities();
  const [params] = useSearchParams();
  return (
    <Stack spacing={3}>
      <PageTitle subtitle={t('compose.subtitle')}>{whose(t, 'compose.title')}</PageTitle>
      {facilities.isPending ? (
        <LoadingState label={t('list.loading')} />
      ) : facilities.data === undefined ? (
        <ErrorState onRetry={() => void facilities.refetch()} />
      ) : (
        <NewThreadForm
          facilities={facilities.data}
          about={{
            facilityId: params.get('facility'),
            subject: (params.get('subject') ?? '').slice(0, THREAD_SUBJECT_MAX),
          }}
          onCancel={() => void navigate('/messages')}
          onSent={(sent) =>
            void navigate(`/messages/${sent.thread.id}`, { replace: true, state: { redFlags: sent.redFlags } })
          }
        />
      )}
    </Stack>
  );
}
