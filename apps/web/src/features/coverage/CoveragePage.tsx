import type { Coverage } from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { FormDialog } from '../../components/FormDialog';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { apiErrorMessage } from '../../lib/error-messages';
import { coverageName } from './coverage-format';
import { useCoverage, useRemoveCoverage } from './coverage.queries';
import { useCoverageTexts } from './coverage.texts';
import { CoverageCard } from './CoverageCard';
import { CoverageForm } from './CoverageForm';

type Editing = { coverage: Coverage | null } | null;

/** /medicalRight: the patient's public scheme and private plans, each added, edited or removed here. */
export function CoveragePage() {
  const { t, i18n } = useCoverageTexts();
  const lang = i18n.resolvedLanguage === 'en' ? 'en' : 'th';
  const list = useCoverage();
  const remove = useRemoveCoverage();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Coverage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const records = list.data ?? [];
  const sections: { key: 'public' | 'private' | 'expired'; items: Coverage[] }[] = [
    { key: 'public', items: records.filter((c) => c.kind === 'public' && c.status !== 'expired') },
    { key: 'private', items: records.filter((c) => c.kind === 'private' && c.status !== 'expired') },
    { key: 'expired', items: records.filter((c) => c.status === 'expired') },
  ];

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      setRemoving(null);
      setNotice(t('removed'));
    } catch {
      // shown in the dialog
    }
  };

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ coverage: null })}>
      {t('add')}
    </Button>
  );

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={t('subtitle')}>{t('title')}</PageTitle>
      {list.isPending ? (
        <LoadingState label={t('loading')} />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState icon={<HealthAndSafetyIcon />} title={t('empty.title')} description={t('empty.body')} action={addButton} />
      ) : (
        <>
          {sections
            .filter((section) => section.items.length > 0)
            .map((section) => (
              <Box component="section" key={section.key} aria-labelledby={`coverage-${section.key}`}>
                <Typography
                  id={`coverage-${section.key}`}
                  component="h2"
                  variant="subtitle2"
                  color="text.secondary"
                  sx={{ mb: 1, fontWeight: 600 }}
                >
                  {t(`sections.${section.key}`)}
                </Typography>
                <Stack spacing={1.5}>
                  {section.items.map((coverage) => (
                    <CoverageCard
                      key={coverage.id}
                      coverage={coverage}
                      onEdit={() => setEditing({ coverage })}
                      onRemove={() => {
                        remove.reset();
                        setRemoving(coverage);
                      }}
                    />
                  ))}
                </Stack>
              </Box>
            ))}
          {addButton}
        </>
      )}
      <FormDialog open={editing !== null} title={editing?.coverage ? t('editTitle') : t('add')} onClose={() => setEditing(null)}>
        <CoverageForm
          coverage={editing?.coverage ?? null}
          others={records}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(t('saved'));
          }}
        />
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('confirmRemove.title', { name: coverageName(removing, t, lang) }) : ''}
        body={t('confirmRemove.body')}
        confirmLabel={t('remove')}
        destructive
        busy={remove.isPending}
        error={remove.isError ? apiErrorMessage(t, remove.error) : null}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
