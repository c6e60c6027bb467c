import type { Coverage } from '@klaimor/contracts';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useRecordEditor, usualRecordTexts } from '../../components/use-record-editor';
import { apiErrorMessage } from '../../lib/error-messages';
import { coverageName } from './coverage-format';
import { useCoverage, useRemoveCoverage } from './coverage.queries';
import { useCoverageTexts } from './coverage.texts';
import { CoverageCard } from './CoverageCard';
import { CoverageForm } from './CoverageForm';
import { PersonGate } from '../../session/PersonGate';
import { appLanguage } from '../../i18n/language';
import { useWhoseHeading } from '../../session/use-whose-heading';

/** /medicalRight: the patient's public scheme and private plans, each added, edited or removed here. */
export function CoveragePage() {
  return (
    <PersonGate area="records">
      <CoverageScreen />
    </PersonGate>
  );
}

function CoverageScreen() {
  const { t, i18n } = useCoverageTexts();
  const whose = useWhoseHeading();
  const lang = appLanguage(i18n);
  const list = useCoverage();
  const records = list.data ?? [];
  const editor = useRecordEditor<Coverage>({
    texts: usualRecordTexts(
      (key) => t(key),
      (coverage) => t('confirmRemove.title', { name: coverageName(coverage, t, lang) }),
    ),
    remove: useRemoveCoverage(),
    errorMessage: (error) => apiErrorMessage(t, error),
    form: (coverage, done) => <CoverageForm coverage={coverage} others={records} {...done} />,
  });

  const sections: { key: 'public' | 'private' | 'expired'; items: Coverage[] }[] = [
    { key: 'public', items: records.filter((c) => c.kind === 'public' && c.status !== 'expired') },
    { key: 'private', items: records.filter((c) => c.kind === 'private' && c.status !== 'expired') },
    { key: 'expired', items: records.filter((c) => c.status === 'expired') },
  ];

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={t('subtitle')}>{whose(t, 'title')}</PageTitle>
      {list.isPending ? (
        <LoadingState label={t('loading')} />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : records.length === 0 ? (
        <EmptyState
          icon={<HealthAndSafetyIcon />}
          title={t('empty.title')}
          description={t('empty.body')}
          action={editor.addButton}
        />
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
                      onEdit={() => editor.edit(coverage)}
                      onRemove={() => editor.askRemove(coverage)}
                    />
                  ))}
                </Stack>
              </Box>
            ))}
          {editor.addButton}
        </>
      )}
      {editor.dialogs}
    </Stack>
  );
}
