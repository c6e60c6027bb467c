import type { StaffThread } from '@klaimor/contracts';
import ReportIcon from '@mui/icons-material/Report';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { DateLanguage } from '../../../lib/thai-date';
import { writtenLanguage } from '../../../lib/written-language';
import { formatDateTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { redFlagWords } from './inbox-format';
import { MessagePhotos } from './MessagePhotos';

export type ThreadMessageData = StaffThread['messages'][number];

export interface ThreadMessageProps {
  facilityId: string;
  message: ThreadMessageData;
  lang: DateLanguage;
}

/**
 * One message of the conversation: the patient's on the left, the staff's on the right in a blue tint, each headed
 * by who wrote it in words (patient, caregiver writing for them, or staff) and when; its photos; the red flags a
 * patient's message raised, each with what the app told the patient.
 */
export function ThreadMessage({ facilityId, message, lang }: ThreadMessageProps) {
  const { t } = useStaffTexts();
  const fromPatient = message.from === 'patient';
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        alignSelf: fromPatient ? 'flex-start' : 'flex-end',
        width: { xs: '100%', sm: '85%' },
      }}
    >
      <Box
        component="article"
        aria-label={t('inbox.thread.messageBy', {
          name: message.authorName,
          when: formatDateTime(t, message.createdAt, lang),
        })}
        sx={{
          p: 1.5,
          borderRadius: 2,
          border: 1,
          borderColor: fromPatient ? 'divider' : 'primary.main',
          bgcolor: fromPatient ? 'background.paper' : (theme) => alpha(theme.palette.primary.main, 0.1),
        }}
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mb: 0.5 }}>
          <Typography component="span" sx={{ fontWeight: 600 }} lang={writtenLanguage(message.authorName)}>
            {message.authorName}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={t(fromPatient ? 'inbox.thread.fromPatient' : 'inbox.thread.fromStaff')}
          />
          {message.byCaregiver ? <Chip size="small" color="info" label={t('inbox.thread.byCaregiver')} /> : null}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
            {formatDateTime(t, message.createdAt, lang)}
          </Typography>
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lang={writtenLanguage(message.text)}>
          {message.text}
        </Typography>
        {message.photos.length > 0 ? (
          <MessagePhotos facilityId={facilityId} photos={message.photos} authorName={message.authorName} />
        ) : null}
        {message.redFlags.length > 0 ? (
          <Alert severity="error" icon={<ReportIcon />} sx={{ mt: 1.5 }}>
            <AlertTitle sx={{ fontWeight: 600 }}>{t('inbox.thread.messageRedFlags')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {message.redFlags.map((id) => {
                const { name, toldPatient } = redFlagWords(t, id, lang);
                return (
                  <li key={id}>
                    <Box component="span" sx={{ fontWeight: 600 }}>
                      {name}
                    </Box>
                    {toldPatient ? (
                      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
                        {t('inbox.thread.toldPatient', { message: toldPatient })}
                      </Typography>
                    ) : null}
                  </li>
                );
              })}
            </Box>
          </Alert>
        ) : null}
      </Box>
    </Box>
  );
}
