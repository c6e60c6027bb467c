import { EMERGENCY_PHONE, type InboxThread } from '@klaimor/contracts';
import ReportIcon from '@mui/icons-material/Report';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { DateLanguage } from '../../../lib/thai-date';
import { writtenLanguage } from '../../../lib/written-language';
import { useStaffTexts } from '../staff.texts';
import { assigneeName, formatWhen, patientLine, waitingText } from './inbox-format';

export interface InboxThreadRowProps {
  thread: InboxThread;
  /** The thread open beside the list. */
  selected: boolean;
  /** The signed-in member, whose threads say "(คุณ)". */
  memberId: string | undefined;
  lang: DateLanguage;
  now: number;
  onOpen: (threadId: string) => void;
}

const line = { display: 'block', overflowWrap: 'anywhere' } as const;

/**
 * One thread of a box: who wrote (name and age), about what, how long they have waited for a reply (or when it was
 * answered), a red flag in words with its icon, and who has it. The whole row is one button that opens it.
 */
export function InboxThreadRow({ thread, selected, memberId, lang, now, onOpen }: InboxThreadRowProps) {
  const { t } = useStaffTexts();
  return (
    <Box component="li" sx={{ listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}>
      <ButtonBase
        onClick={() => onOpen(thread.id)}
        aria-current={selected ? 'true' : undefined}
        sx={{
          display: 'block',
          width: '100%',
          textAlign: 'left',
          font: 'inherit',
          px: 2,
          py: 1.5,
          borderLeft: 4,
          // The red edge repeats the red flag written below; the selected row is marked by its tint and its edge.
          borderLeftColor: thread.redFlag ? 'error.main' : selected ? 'primary.dark' : 'transparent',
          bgcolor: selected ? 'action.selected' : 'background.paper',
          '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
          '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.dark', outlineStyle: 'solid', outlineOffset: -3 },
        }}
      >
        <Box
          component="span"
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {patientLine(t, thread.patient)}
          </Box>
          {thread.awaitingReply ? (
            <Box component="span" sx={{ fontWeight: 700, color: 'warning.dark', whiteSpace: 'nowrap' }}>
              {waitingText(t, thread.lastMessageAt, now)}
            </Box>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem', whiteSpace: 'nowrap' }}>
              {t(thread.lastFrom === 'staff' ? 'inbox.repliedAt' : 'inbox.lastAt', {
                when: formatWhen(t, thread.lastMessageAt, lang),
              })}
            </Box>
          )}
        </Box>
        <Box component="span" sx={{ ...line, mt: 0.25 }} lang={writtenLanguage(thread.subject)}>
          {thread.subject}
        </Box>
        {thread.redFlag ? (
          <Box
            component="span"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, color: 'error.dark', fontWeight: 600 }}
          >
            <ReportIcon fontSize="small" aria-hidden />
            {t('inbox.redFlag', { phone: EMERGENCY_PHONE })}
          </Box>
        ) : null}
        <Box component="span" sx={{ ...line, mt: 0.5, color: 'text.secondary', fontSize: '0.875rem' }}>
          {thread.assignedTo
            ? t('inbox.assignedTo', { name: assigneeName(t, thread.assignedTo, memberId) })
            : t('inbox.noAssignee')}
        </Box>
      </ButtonBase>
    </Box>
  );
}
