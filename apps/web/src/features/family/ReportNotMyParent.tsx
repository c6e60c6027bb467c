import type { CareLink } from '@klaimor/contracts';
import ReportIcon from '@mui/icons-material/Report';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiErrorMessage } from '../../lib/error-messages';
import { useReportNotMyParent } from './family.queries';
import { useFamilyTexts } from './family.texts';

export interface ReportNotMyParentProps {
  link: CareLink;
  onNotice: (notice: string) => void;
}

/** A minor's way out of a link made by someone claiming to be their parent: suspended at once, the operator told. */
export function ReportNotMyParent({ link, onNotice }: ReportNotMyParentProps) {
  const { t } = useFamilyTexts();
  const report = useReportNotMyParent();
  const [open, setOpen] = useState(false);
  const name = link.person.firstname;

  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<ReportIcon />}
        onClick={() => setOpen(true)}
        sx={{ minHeight: 44 }}
      >
        {t('report.button')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('report.title', { name })}
        body={t('report.body', { name })}
        confirmLabel={t('report.confirm')}
        destructive
        busy={report.isPending}
        error={report.isError ? apiErrorMessage(t, report.error) : null}
        onConfirm={() =>
          report.mutate(link.id, {
            onSuccess: () => {
              setOpen(false);
              onNotice(t('report.done', { name }));
            },
          })
        }
        onClose={() => setOpen(false)}
      />
    </>
  );
}
