import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { PersonGate } from '../../session/PersonGate';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { NewThreadForm } from './MessageForms';
import { useMessageFacilities } from './messages.queries';
import { useCareMessagesTexts } from './messages.texts';

/** /messages/new: a question to a care team; once sent, the thread opens (with the 1669 advice when it raised a flag). */
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
          onCancel={() => void navigate('/messages')}
          onSent={(sent) =>
            void navigate(`/messages/${sent.thread.id}`, { replace: true, state: { redFlags: sent.redFlags } })
          }
        />
      )}
    </Stack>
  );
}
