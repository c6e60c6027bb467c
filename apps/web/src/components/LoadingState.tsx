import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface LoadingStateProps {
  label?: string;
}

/** A centred spinner with a spoken label, for anything that is still on its way. */
export function LoadingState({ label }: LoadingStateProps) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'grid', placeItems: 'center', gap: 1.5, py: 6 }}>
      <CircularProgress aria-hidden size={36} />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
