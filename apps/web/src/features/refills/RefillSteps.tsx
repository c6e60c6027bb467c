import type { Refill } from '@klaimor/contracts';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { appLanguage } from '../../i18n/language';
import { visuallyHidden } from '../../lib/visually-hidden';
import { dayOf } from './refill-format';
import { useRefillsTexts } from './refills.texts';

type StepState = 'done' | 'current' | 'waiting' | 'stopped';
type StepName = 'requested' | 'decision' | 'approved' | 'declined' | 'cancelled' | 'ready' | 'post' | 'sent';

interface Step {
  name: StepName;
  state: StepState;
  /** When it happened, for a step done. */
  at: string | null;
}

/**
 * The request's steps, ส่งคำขอ → แพทย์พิจารณา → พร้อมรับ (or ส่งแล้ว, by post): each done says when, the one it
 * stopped at (declined, cancelled) says so, and the one the request waits on is marked as current.
 */
export function stepsOf(r: Refill): Step[] {
  const asked: Step = { name: 'requested', state: 'done', at: r.requestedAt };
  // By post the last step reads "ส่งยาทางไปรษณีย์" until the parcel goes, then "ส่งยาแล้ว".
  const handedOver: StepName = r.delivery === 'post' ? 'post' : 'ready';
  switch (r.status) {
    case 'requested':
      return [
        asked,
        { name: 'decision', state: 'current', at: null },
        { name: handedOver, state: 'waiting', at: null },
      ];
    case 'declined':
      return [asked, { name: 'declined', state: 'stopped', at: r.decidedAt }];
    case 'cancelled':
      return [asked, { name: 'cancelled', state: 'stopped', at: null }];
    case 'approved':
      return [
        asked,
        { name: 'approved', state: 'done', at: r.decidedAt },
        { name: handedOver, state: 'current', at: null },
      ];
    case 'ready':
    case 'sent':
      return [
        asked,
        { name: 'approved', state: 'done', at: r.decidedAt },
        r.status === 'ready'
          ? { name: 'ready', state: 'done', at: r.readyAt }
          : { name: 'sent', state: 'done', at: r.sentAt },
      ];
  }
}

const ICONS: Record<StepState, ReactNode> = {
  done: <CheckCircleIcon sx={{ color: 'success.main' }} />,
  current: <RadioButtonCheckedIcon sx={{ color: 'primary.dark' }} />,
  waiting: <RadioButtonUncheckedIcon sx={{ color: 'text.disabled' }} />,
  stopped: <CancelIcon sx={{ color: 'error.main' }} />,
};

/** The steps as an ordered list: each with its icon and, for screen readers, its state in words. */
export function RefillSteps({ refill }: { refill: Refill }) {
  const { t, i18n } = useRefillsTexts();
  const lang = appLanguage(i18n);
  return (
    <Box component="ol" aria-label={t('steps.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {stepsOf(refill).map((step) => (
        <Box
          component="li"
          key={step.name}
          aria-current={step.state === 'current' ? 'step' : undefined}
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 0.25 }}
        >
          <Box aria-hidden sx={{ display: 'flex', pt: 0.25 }}>
            {ICONS[step.state]}
          </Box>
          <Typography
            variant="body2"
            sx={{ fontWeight: step.state === 'current' ? 600 : 400 }}
            color={step.state === 'waiting' ? 'text.secondary' : 'text.primary'}
          >
            {step.at
              ? t('steps.on', { step: t(`steps.${step.name}`), date: dayOf(step.at, lang) })
              : t(`steps.${step.name}`)}
            <Box component="span" sx={visuallyHidden}>
              {` (${t(`steps.state.${step.state}`)})`}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
