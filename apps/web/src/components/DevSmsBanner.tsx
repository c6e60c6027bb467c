import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { formatThaiMobile } from '@klaimor/contracts';
import { useTranslation } from 'react-i18next';
import { useAppConfig, useDevSms } from '../session/app-config';

export interface DevSmsBannerProps {
  phone: string;
}

/**
 * Development servers do not send SMS: this says so, and shows the newest code
 * that would have been sent to the number, straight from the server's outbox.
 */
export function DevSmsBanner({ phone }: DevSmsBannerProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const enabled = config.data?.devSmsOutbox === true;
  const outbox = useDevSms(phone, enabled);
  if (!enabled) return null;
  const latest = outbox.data?.[0];
  return (
    <Alert
      severity="info"
      role="status"
      aria-label={t('devSms.label')}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle>{t('devSms.title')}</AlertTitle>
      {latest ? (
        <>
          {t('devSms.latest', { phone: formatThaiMobile(phone) })}{' '}
          <Box
            component="strong"
            data-testid="dev-sms-code"
            sx={{ fontFamily: 'monospace', fontSize: '1.1em', letterSpacing: 2 }}
          >
            {latest.code}
          </Box>
        </>
      ) : (
        t('devSms.none')
      )}
    </Alert>
  );
}
