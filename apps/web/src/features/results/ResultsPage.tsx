import type { LabPanel } from '@klaimor/contracts';
import BloodtypeIcon from '@mui/icons-material/Bloodtype';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ScienceIcon from '@mui/icons-material/Science';
import WaterDropIcon from '@mui/icons-material/WaterDrop';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { PersonGate } from '../../session/PersonGate';
import { useSelectedPerson } from '../../session/use-selected-person';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { ResultCard } from './ResultCard';
import { byPanel } from './results-format';
import { useResults } from './results.queries';
import { useResultsTexts } from './results.texts';

const PANEL_ICONS: Record<LabPanel, ReactNode> = {
  diabetes: <BloodtypeIcon />,
  lipids: <WaterDropIcon />,
  kidney: <ScienceIcon />,
  vitals: <MonitorHeartIcon />,
};

/**
 * /results ("ผลตรวจของฉัน"): the test results clinicians have released to the patient, by panel (diabetes, blood
 * fats, kidneys, blood pressure and weight), each test with its latest value, where it stands against its range in
 * words, what the test tells, and its earlier values as a chart. A caregiver with "see" reads a dependent's.
 */
export function ResultsPage() {
  return (
    <PersonGate area="records">
      <ResultsScreen />
    </PersonGate>
  );
}

function ResultsScreen() {
  const { t } = useResultsTexts();
  const whose = useWhoseHeading();
  const forOther = Boolean(useSelectedPerson().person?.link);
  const results = useResults();
  const panels = results.data ? byPanel(results.data) : [];

  return (
    <Stack spacing={3}>
      <PageTitle subtitle={whose(t, 'subtitle')}>{whose(t, 'title')}</PageTitle>
      {results.isPending ? (
        <LoadingState label={t('loading')} />
      ) : results.data === undefined ? (
        <ErrorState onRetry={() => void results.refetch()} />
      ) : panels.length === 0 ? (
        <EmptyState
          icon={<ScienceIcon />}
          title={t('empty.title')}
          description={forOther ? t('empty.bodyOther') : t('empty.body')}
        />
      ) : (
        <>
          <Typography color="text.secondary">{t('note')}</Typography>
          {panels.map(({ panel, series }) => (
            <Panel key={panel} icon={PANEL_ICONS[panel]} title={t(`panels.${panel}`)}>
              {series.map((s) => (
                <ResultCard key={s.test.code} series={s} />
              ))}
            </Panel>
          ))}
        </>
      )}
    </Stack>
  );
}

/** A panel's tests under its heading (a region named by it). */
function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, color: 'primary.dark' }}>
        <Box aria-hidden sx={{ display: 'flex' }}>
          {icon}
        </Box>
        <Typography component="h2" variant="h6" id={headingId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          {title}
        </Typography>
      </Stack>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}
