import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { APP_BAR_HEIGHT } from '../../../components/bar-heights';
import type { CardCoverage, ScanOutcome } from './ocr-review';
import { useOcrTexts } from './ocr.texts';

export interface PoorScanAdviceProps {
  outcome: Exclude<ScanOutcome, 'read'>;
  coverage: CardCoverage;
  /** Whether the camera and its card guide are there to retake with (the tip then speaks of its frame). */
  guide: boolean;
}

const TIPS = ['light', 'surface', 'fill', 'still'] as const;

/**
 * Says plainly what went wrong with a scan that read too little (the card was not in the photo,
 * nothing came out, or only part of it), and how to take a better photo. Announced when it appears.
 */
export function PoorScanAdvice({ outcome, coverage, guide }: PoorScanAdviceProps) {
  const { t } = useOcrTexts();
  const box = useRef<HTMLDivElement>(null);
  // Brought into view when it appears (the patient was looking at the camera below the page's top).
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'start' });
  }, [outcome]);
  return (
    <Alert
      ref={box}
      severity="warning"
      role="alert"
      sx={{
        width: '100%',
        scrollMarginTop: { xs: `calc(${APP_BAR_HEIGHT.xs} + 8px)`, sm: `calc(${APP_BAR_HEIGHT.sm} + 8px)` },
      }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{t(`poor.${outcome}.title`)}</AlertTitle>
      <Typography variant="body2">
        {t(`poor.${outcome}.body`, { count: coverage.filled, total: coverage.total })}
      </Typography>
      <Typography variant="body2" component="p" sx={{ mt: 1.5, fontWeight: 700 }}>
        {t('poor.tips.title')}
      </Typography>
      <Typography variant="body2" component="ul" sx={{ m: 0, mt: 0.5, pl: '1.4em', '& li + li': { mt: 0.5 } }}>
        {TIPS.map((tip) => (
          <li key={tip}>{t(tip === 'fill' && !guide ? 'poor.tips.fillPhoto' : `poor.tips.${tip}`)}</li>
        ))}
      </Typography>
    </Alert>
  );
}
