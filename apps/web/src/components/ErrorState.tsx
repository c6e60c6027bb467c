import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title?: string;
  message?: string;
  onRetry?: () => void;
}

/** A failed load, said in the patient's language, with a way to try again. */
export function ErrorState({ title, message, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{ border: 1, borderColor: 'error.light', bgcolor: '#FDEDED', color: '#5F2120', borderRadius: 3, p: 2 }}
    >
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {title ?? t('errors.loadFailedTitle')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {message ?? t('errors.loadFailed')}
      </Typography>
      {onRetry ? (
        <Button variant="outlined" color="inherit" size="small" onClick={onRetry} sx={{ mt: 1.5 }}>
          {t('common.retry')}
        </Button>
      ) : null}
    </Box>
  );
}
