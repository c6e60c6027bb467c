import type { Appointment } from '@klaimor/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type RefObject } from 'react';
import { formatBaht } from '../../lib/clock-time';
import { saveFile } from '../../lib/save-file';
import { formatPromptpayId } from './booking-format';
import { useBookingTexts } from './booking.texts';

export interface PayFromThisPhoneProps {
  appointment: Appointment;
  /** The drawn QR, saved as a picture; null when the provider gave an image of its own. */
  qrCanvas: RefObject<HTMLCanvasElement | null>;
}

type Copied = 'account' | 'amount' | null;

/** The QR usually shows on the very phone that must scan it: save it for the banking app, or copy what to type. */
export function PayFromThisPhone({ appointment, qrCanvas }: PayFromThisPhoneProps) {
  const { t, i18n } = useBookingTexts();
  const { deposit } = appointment;
  const [copied, setCopied] = useState<Copied>(null);
  const fileName = `klaimor-promptpay-${appointment.reference}.png`;

  const copy = async (what: Exclude<Copied, null>, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      // no clipboard (an older browser, or permission refused): the text stays on screen to read or select
    }
  };

  const saveDrawnQr = () => {
    qrCanvas.current?.toBlob(async (blob) => {
      if (!blob) return;
      const file = new File([blob], fileName, { type: 'image/png' });
      // A phone's share sheet offers "save image" into the gallery; elsewhere the browser downloads the file.
      if (navigator.canShare?.({ files: [file] })) {
        await navigator.share({ files: [file] }).catch(() => undefined);
        return;
      }
      saveFile(blob, fileName);
    }, 'image/png');
  };

  return (
    <Stack spacing={1.5}>
      {deposit.promptpayPayload ? (
        <Button variant="outlined" startIcon={<DownloadIcon aria-hidden />} onClick={saveDrawnQr}>
          {t('deposit.saveQr')}
        </Button>
      ) : deposit.qrImageUrl ? (
        <Button
          variant="outlined"
          startIcon={<DownloadIcon aria-hidden />}
          href={deposit.qrImageUrl}
          download={fileName}
          target="_blank"
          rel="noopener"
        >
          {t('deposit.saveQr')}
        </Button>
      ) : null}
      <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
        <Typography component="li">{t('deposit.howTo.save')}</Typography>
        <Typography component="li">{t('deposit.howTo.openBank')}</Typography>
        <Typography component="li">{t('deposit.howTo.gallery')}</Typography>
        <Typography component="li">
          {t('deposit.howTo.check', { amount: formatBaht(deposit.amount, i18n.language) })}
        </Typography>
      </Box>
      {deposit.promptpayId ? (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('deposit.orTransfer')}
          </Typography>
          <CopyRow
            label={t('deposit.account')}
            value={formatPromptpayId(deposit.promptpayId)}
            copyLabel={t('deposit.copyAccount')}
            onCopy={() => void copy('account', deposit.promptpayId ?? '')}
          />
          <CopyRow
            label={t('deposit.amount')}
            value={formatBaht(deposit.amount, i18n.language)}
            copyLabel={t('deposit.copyAmount')}
            onCopy={() => void copy('amount', String(deposit.amount))}
          />
        </Box>
      ) : null}
      <Typography role="status" variant="body2" color="success.dark" sx={{ minHeight: '1.5em' }}>
        {copied ? t(`deposit.copied.${copied}`) : ''}
      </Typography>
    </Stack>
  );
}

function CopyRow({
  label,
  value,
  copyLabel,
  onCopy,
}: {
  label: string;
  value: string;
  copyLabel: string;
  onCopy: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, mt: 1 }}>
      <Box sx={{ flex: '1 1 12em' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontWeight: 700, fontSize: '1.1rem', overflowWrap: 'anywhere' }}>{value}</Typography>
      </Box>
      <Button size="small" startIcon={<ContentCopyIcon aria-hidden />} onClick={onCopy}>
        {copyLabel}
      </Button>
    </Box>
  );
}
