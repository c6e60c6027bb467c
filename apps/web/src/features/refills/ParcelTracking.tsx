import type { Refill } from '@klaimor/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NamedText } from '../../components/NamedText';
import { visuallyHidden } from '../../lib/visually-hidden';
import { useRefillsTexts } from './refills.texts';

/** Thailand Post's own tracking page for a number (S10, e.g. EB123456785TH). */
export const thailandPostTrackingUrl = (trackingNumber: string): string =>
  `https://track.thailandpost.co.th/?trackNumber=${encodeURIComponent(trackingNumber)}`;

/**
 * A posted refill's parcel: the tracking number large enough to read out or type, a button to copy it and, for
 * Thailand Post, its tracking page in a new tab.
 */
export function ParcelTracking({ refill }: { refill: Refill & { trackingNumber: string } }) {
  const { t } = useRefillsTexts();
  const [copied, setCopied] = useState(false);
  const number = refill.trackingNumber;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(number);
      setCopied(true);
    } catch {
      // no clipboard (an older browser, or permission refused): the number stays on screen to read or select
    }
  };

  return (
    <Box sx={{ p: 1.5, borderRadius: 2, border: 2, borderColor: 'primary.dark', bgcolor: 'background.paper' }}>
      <Typography variant="body2" color="text.secondary">
        {t('card.trackingTitle')}
      </Typography>
      {/* Larger with the text size, but never wider than the phone: a number broken over two lines is misread. */}
      <Typography
        sx={{ fontSize: 'min(1.5rem, 8vw)', fontWeight: 700, letterSpacing: '0.06em', overflowWrap: 'anywhere' }}
        translate="no"
      >
        {number}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {refill.carrier === 'thailand_post' ? (
          t('card.carrier', { carrier: t('card.thailandPost') })
        ) : (
          <NamedText t={t} i18nKey="card.carrierNamed" values={{ name: refill.carrierName ?? '' }} />
        )}
      </Typography>
      <Stack spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('card.copy')}
        </Button>
        {copied ? (
          <Typography variant="body2" role="status" color="success.dark">
            {t('card.copied')}
          </Typography>
        ) : null}
        {refill.carrier === 'thailand_post' ? (
          <Button
            variant="contained"
            endIcon={<OpenInNewIcon />}
            href={thailandPostTrackingUrl(number)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('card.track')}
            <Box component="span" sx={visuallyHidden}>
              {` ${t('card.newWindow')}`}
            </Box>
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
