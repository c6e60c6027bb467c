import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

export interface FormActionsProps {
  /** Why the last save failed where no field could say it, already in words; null when it did not. */
  error: string | null;
  /** The submit button's words; "บันทึก" unless told. */
  submitLabel?: string;
  busy: boolean;
  onCancel: () => void;
}

/** The foot of an add/edit form: what went wrong, then cancel and the wider submit button. */
export function FormActions({ error, submitLabel, busy, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" onClick={onCancel} sx={{ flex: 1 }}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} sx={{ flex: 2 }}>
          {submitLabel ?? t('common.save')}
        </Button>
      </Stack>
    </>
  );
}
