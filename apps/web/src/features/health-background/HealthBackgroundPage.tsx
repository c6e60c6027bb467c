import type { Allergy, Condition } from '@klaimor/contracts';
import HealingIcon from '@mui/icons-material/Healing';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { useRecordEditor } from '../../components/use-record-editor';
import { appLanguage } from '../../i18n/language';
import { apiErrorMessage } from '../../lib/error-messages';
import { PersonGate } from '../../session/PersonGate';
import { useCareAllows } from '../../session/use-selected-person';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { AllergyCard } from './AllergyCard';
import { AllergyForm } from './AllergyForm';
import { ConditionCard } from './ConditionCard';
import { ConditionForm } from './ConditionForm';
import { conditionName } from './health-background-format';
import { useHealthBackground, useRemoveAllergy, useRemoveCondition } from './health-background.queries';
import { useHealthBackgroundTexts } from './health-background.texts';

/**
 * /health-background: what prescribing safely needs to know ("ประวัติแพ้ยาและโรคประจำตัว"), the allergies (severe
 * first) and the long-term conditions, each saying who recorded it. The patient adds and removes their own entries; a
 * clinician's stays, with whom to ask about it.
 */
export function HealthBackgroundPage() {
  return (
    <PersonGate area="healthBackground">
      <HealthBackgroundScreen />
    </PersonGate>
  );
}

function HealthBackgroundScreen() {
  const { t, i18n } = useHealthBackgroundTexts();
  const whose = useWhoseHeading();
  const lang = appLanguage(i18n);
  const lists = useHealthBackground();
  // A caregiver whose grant reads but does not change this part (medicines only) sees it without the buttons.
  const canChange = useCareAllows('changeHealthBackground');
  const errorMessage = (error: unknown) => apiErrorMessage(t, error);

  const allergies = useRecordEditor<Allergy>({
    texts: {
      add: t('allergies.add'),
      editTitle: t('allergies.add'),
      saved: t('allergies.saved'),
      removed: t('allergies.removed'),
      removeLabel: t('remove'),
      removeTitle: (allergy) => t('allergies.confirmRemove.title', { name: allergy.substance }),
      removeBody: t('allergies.confirmRemove.body'),
    },
    remove: useRemoveAllergy(),
    errorMessage,
    form: (_allergy, done) => <AllergyForm {...done} />,
  });
  const conditions = useRecordEditor<Condition>({
    texts: {
      add: t('conditions.add'),
      editTitle: t('conditions.add'),
      saved: t('conditions.saved'),
      removed: t('conditions.removed'),
      removeLabel: t('remove'),
      removeTitle: (condition) => t('conditions.confirmRemove.title', { name: conditionName(condition, lang) }),
      removeBody: t('conditions.confirmRemove.body'),
    },
    remove: useRemoveCondition(),
    errorMessage,
    form: (_condition, done) => <ConditionForm recorded={lists.data?.conditions ?? []} {...done} />,
  });

  return (
    <Stack spacing={3}>
      <PageTitle subtitle={whose(t, 'subtitle')}>{whose(t, 'title')}</PageTitle>
      {canChange ? null : <Alert severity="info">{t('readOnly')}</Alert>}
      {lists.isPending ? (
        <LoadingState label={t('loading')} />
      ) : lists.data === undefined ? (
        <ErrorState onRetry={() => void lists.refetch()} />
      ) : (
        <>
          <Section icon={<HealingIcon />} title={t('allergies.heading')}>
            <Entries
              addButton={allergies.addButton}
              canChange={canChange}
              empty={{ title: t('allergies.empty.title'), body: t('allergies.empty.body') }}
            >
              {lists.data.allergies.map((allergy) => (
                <AllergyCard
                  key={allergy.id}
                  allergy={allergy}
                  onRemove={canChange ? () => allergies.askRemove(allergy) : undefined}
                />
              ))}
            </Entries>
          </Section>
          <Section icon={<MonitorHeartIcon />} title={t('conditions.heading')}>
            <Entries
              addButton={conditions.addButton}
              canChange={canChange}
              empty={{ title: t('conditions.empty.title'), body: t('conditions.empty.body') }}
            >
              {lists.data.conditions.map((condition) => (
                <ConditionCard
                  key={condition.id}
                  condition={condition}
                  onRemove={canChange ? () => conditions.askRemove(condition) : undefined}
                />
              ))}
            </Entries>
          </Section>
        </>
      )}
      {allergies.dialogs}
      {conditions.dialogs}
    </Stack>
  );
}

/** A part of the screen under its own heading (a region named by it). */
function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
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
      {children}
    </Box>
  );
}

interface EntriesProps {
  addButton: ReactNode;
  canChange: boolean;
  empty: { title: string; body: string };
  children: ReactNode[];
}

/** A section's cards and its add button, or what to do while it is empty (only the title for whom may not add). */
function Entries({ addButton, canChange, empty, children }: EntriesProps) {
  if (children.length === 0) {
    return (
      <EmptyState
        title={empty.title}
        description={canChange ? empty.body : undefined}
        action={canChange ? addButton : undefined}
      />
    );
  }
  return (
    <Stack spacing={1.5}>
      {children}
      {canChange ? <Box>{addButton}</Box> : null}
    </Stack>
  );
}
