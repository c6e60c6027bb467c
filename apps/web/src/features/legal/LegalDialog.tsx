import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useId } from 'react';
import { LegalDocument, type LegalDocumentKind } from './LegalDocument';
import { useLegalTexts } from './legal.texts';

/** A document read in place, so a patient half-way through registering loses nothing by opening it. */
export function LegalDialog({ kind, onClose }: { kind: LegalDocumentKind | null; onClose: () => void }) {
  const { t } = useLegalTexts();
  const titleId = useId();
  return (
    <Dialog open={kind !== null} onClose={onClose} scroll="paper" fullWidth aria-labelledby={titleId}>
      {/* Focusable, so the text scrolls from the keyboard too. */}
      <DialogContent tabIndex={0}>
        {kind ? <LegalDocument kind={kind} titleId={titleId} titleLevel="h2" /> : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
