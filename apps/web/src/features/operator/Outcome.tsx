import Alert from '@mui/material/Alert';

/** The outcome of a section's last change, read out when it appears. */
export function Outcome({ outcome }: { outcome: { ok: boolean; text: string } | null }) {
  if (!outcome) return null;
  return (
    <Alert severity={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </Alert>
  );
}
