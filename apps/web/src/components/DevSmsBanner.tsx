import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { formatThaiMobile } from '@klaimor/contracts';
import { useDevSmsTexts } from '../i18n/dev-sms/dev-sms.texts';
import { useAppConfig, useDevSms } from '../session/app-config';

export interface DevSmsBannerProps {
  phone: string;
}

/**
 * Development servers do not send SMS: this says so, and shows the newest code
 * that would have been sent to the number, straight from the server's outbox.
 */
export function DevSmsBanner({ phone }: DevSmsBannerProps) {
  const { t } = useDevSmsTexts();
  const config = useAppConfig();
  const enabled = config.data?.devSmsOutbox === true;
  const outbox = useDevSms(phone, enabled);
  if (!enabled) return null;
  const latest = outbox.data?.[0];
  return (
    <Alert severity="info" role="status" aria-label={t('label')} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('title')}</AlertTitle>
      {latest ? (
        <>
          {t('latest', { phone: formatThaiMobile(phone) })}{' '}
          <Box
            component="strong"
            data-testid="dev-sms-code"
            sx={{ fontFamily: 'monospace', fontSize: '1.1em', letterSpacing: 2 }}
          >
            {latest.code}
          </Box>
        </>
      ) : (
        t('none')
      )}
    </Alert>
  );
}
