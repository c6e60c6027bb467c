import { ageInYears, formatThaiMobile, todayInBangkok } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { formatBuddhistDate } from '../../lib/thai-date';
import { usePersonProfile } from '../../session/person-profile';
import { coverageName, formatBaht, insurerName } from '../coverage/coverage-format';
import { useCoverage } from '../coverage/coverage.queries';
import { useCoverageTexts } from '../coverage/coverage.texts';
import { medicineName, scheduleLines } from '../medications/medications-format';
import { useMedications } from '../medications/medications.queries';
import { useMedicationsTexts } from '../medications/medications.texts';
import { combinedAddress } from '../../lib/address-format';
import { writtenLanguage } from '../../lib/written-language';
import { visuallyHidden } from '../../lib/visually-hidden';
import { useSymptomNotes } from '../symptom-notes/symptom-notes.queries';
import { useSymptomNotesTexts } from '../symptom-notes/symptom-notes.texts';
import { useVisits } from '../visits/visits.queries';
import { visitPlace } from '../visits/visits-format';
import { useMyDataTexts } from './my-data.texts';
import { usePersonTexts } from '../../i18n/person/person.texts';
import { PersonGate } from '../../session/PersonGate';
import { appLanguage } from '../../i18n/language';
import { identityDocumentRow } from '../../i18n/person/identity-document';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { DetailList } from '../../components/DetailList';

/**
 * On paper: only the summary, none of the app around it. A plain style element rather than MUI's
 * GlobalStyles: importing that here would split it out of the first screens' shared chunk.
 */
const printStyles = (
  <style>
    {`@media print {
  .MuiAppBar-root, .klaimor-no-print { display: none !important; }
  body { background: #fff; }
  main { padding: 0 !important; max-width: none !important; }
  .klaimor-summary section { break-inside: avoid-page; }
}`}
  </style>
);

const cell = { border: 1, borderColor: 'divider', p: 0.75, verticalAlign: 'top', textAlign: 'left' } as const;

/**
 * On a phone's screen each row stands as its own block, every value under its column's name (a table of three or four
 * columns squeezed dates and names into columns a few letters wide); printed, it is a table. The roles keep it a table
 * to screen readers when it is drawn as blocks.
 */
const stacked = {
  '@media screen and (max-width: 599.95px)': {
    '& thead': visuallyHidden,
    '& tbody, & tr, & td': { display: 'block' },
    '& tr': { border: 1, borderColor: 'divider', mb: 1 },
    '& td': { border: 0, pb: 0.25 },
    '& td::before': { content: 'attr(data-column)', display: 'block', color: 'text.secondary', fontSize: '0.8rem' },
  },
} as const;

function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <Box
      component="table"
      role="table"
      sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.85rem', ...stacked }}
    >
      <thead role="rowgroup">
        <tr role="row">
          {head.map((h) => (
            <Box component="th" role="columnheader" key={h} sx={{ ...cell, bgcolor: 'grey.100', fontWeight: 600 }}>
              {h}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row, i) => (
          <tr role="row" key={i}>
            {row.map((value, j) => (
              <Box
                component="td"
                role="cell"
                key={j}
                data-column={head[j]}
                lang={typeof value === 'string' ? writtenLanguage(value) : undefined}
                sx={{ ...cell, overflowWrap: 'break-word', whiteSpace: 'pre-line' }}
              >
                {value}
              </Box>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useMyDataTexts();
  return (
    <Box component="section">
      <Typography
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 600, mb: 1, borderBottom: 2, borderColor: 'primary.main' }}
      >
        {title}
      </Typography>
      {empty ? <Typography color="text.secondary">{t('summary.none')}</Typography> : children}
    </Box>
  );
}

/** /my-data/summary: everything the app holds, on one printable page in the patient's language. */
export function MyDataSummaryPage() {
  return (
    <PersonGate area="records">
      <MyDataSummaryScreen />
    </PersonGate>
  );
}

function MyDataSummaryScreen() {
  const { t, i18n } = useMyDataTexts();
  const whose = useWhoseHeading();
  const { t: tc } = useCoverageTexts();
  const { t: tm } = useMedicationsTexts();
  const { t: tn } = useSymptomNotesTexts();
  const { t: person } = usePersonTexts();
  const lang = appLanguage(i18n);
  const me = usePersonProfile();
  const coverage = useCoverage();
  const medications = useMedications();
  const visits = useVisits(null);
  const notes = useSymptomNotes();
  const all = [coverage, medications, visits, notes];
  const profile = me.data;
  const date = (iso: string) => formatBuddhistDate(iso, lang, 'short');

  if (me.isPending || all.some((q) => q.isPending)) return <LoadingState label={t('summary.loading')} />;
  if (!profile || all.some((q) => q.isError))
    return <ErrorState onRetry={() => [me, ...all].forEach((q) => void q.refetch())} />;

  const personal: { label: string; value: string }[] = [
    {
      label: t('summary.name'),
      value: person('profile.fullName', { firstname: profile.firstname, lastname: profile.lastname }),
    },
    {
      label: person('profile.fields.birthday'),
      value: t('summary.birthdayAge', {
        date: formatBuddhistDate(profile.birthday, lang),
        age: person('profile.age', { age: ageInYears(profile.birthday) }),
      }),
    },
    {
      label: person('profile.fields.gender'),
      value: profile.gender ? person(`gender.${profile.gender}`) : t('common.notSpecified'),
    },
    { label: person('profile.fields.bloodGroup'), value: profile.blood_group ?? t('common.notSpecified') },
    identityDocumentRow(person, profile),
    {
      label: person('profile.fields.phone'),
      value: profile.phone ? formatThaiMobile(profile.phone) : t('common.notSpecified'),
    },
    { label: person('profile.fields.email'), value: profile.email ?? t('common.notSpecified') },
    { label: person('profile.fields.address'), value: combinedAddress(person, profile) },
  ];

  return (
    <Stack spacing={3} className="klaimor-summary">
      {printStyles}
      <Stack direction="row" spacing={1} className="klaimor-no-print" sx={{ justifyContent: 'space-between' }}>
        <Button component={Link} to="/profile" startIcon={<ArrowBackIcon />}>
          {t('summary.back')}
        </Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('summary.print')}
        </Button>
      </Stack>
      <header>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {whose(t, 'summary.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('summary.generated', { date: formatBuddhistDate(todayInBangkok(), lang) })}
        </Typography>
      </header>
      <Section title={t('summary.personal')} empty={false}>
        <DetailList rows={personal} />
      </Section>
      <Section title={t('summary.coverage')} empty={coverage.data!.length === 0}>
        <Table
          head={[t('summary.columns.right'), t('summary.columns.details'), t('summary.columns.status')]}
          rows={coverage.data!.map((c) => [
            coverageName(c, tc, lang),
            [
              c.kind === 'private' && c.insurer ? insurerName(c.insurer, lang) : null,
              c.registeredFacility,
              c.memberNumber,
              c.coverageLimitBaht === null
                ? null
                : tc('card.coverageLimit', { amount: formatBaht(c.coverageLimitBaht, tc, lang) }),
              c.description,
              c.validFrom || c.validTo
                ? tc('card.range', {
                    from: c.validFrom ? date(c.validFrom) : '…',
                    to: c.validTo ? date(c.validTo) : '…',
                  })
                : null,
            ]
              .filter(Boolean)
              .join('\n'),
            tc(`status.${c.status}`),
          ])}
        />
      </Section>
      <Section title={t('summary.medications')} empty={medications.data!.length === 0}>
        <Table
          head={[t('summary.columns.medicine'), t('summary.columns.schedule'), t('summary.columns.period')]}
          rows={medications.data!.map((m) => [
            t('summary.medicine', {
              name: medicineName(m),
              form: tm(`forms.${m.form}`),
              status: tm(`list.status.${m.status}`),
            }),
            [...scheduleLines(m, tm).map((line) => line.text), m.instructions].filter(Boolean).join('\n'),
            m.endDate
              ? tm('list.range', { from: date(m.startDate), to: date(m.endDate) })
              : tm('list.fromOngoing', { date: date(m.startDate) }),
          ])}
        />
      </Section>
      <Section title={t('summary.visits')} empty={visits.data!.length === 0}>
        <Table
          head={[t('summary.columns.date'), t('summary.columns.facility'), t('summary.columns.diagnosis')]}
          rows={visits.data!.map((v) => [
            date(v.date),
            [visitPlace(v, lang), v.department, v.doctor].filter(Boolean).join('\n'),
            [v.diagnosis, v.symptoms, v.notes].filter(Boolean).join('\n'),
          ])}
        />
      </Section>
      <Section title={t('summary.notes')} empty={notes.data!.length === 0}>
        <Table
          head={[t('summary.columns.date'), t('summary.columns.symptoms'), t('summary.columns.measures')]}
          rows={notes.data!.map((n) => [
            n.time ? tn('note.dateTime', { date: date(n.date), time: n.time }) : date(n.date),
            [n.symptoms, n.notes].filter(Boolean).join('\n'),
            [
              tn('severity.value', { severity: n.severity }),
              n.temperatureC === null ? null : tn('note.temperature', { value: n.temperatureC.toFixed(1) }),
              n.bloodPressure ? tn('note.bloodPressure', n.bloodPressure) : null,
            ]
              .filter(Boolean)
              .join('\n'),
          ])}
        />
      </Section>
    </Stack>
  );
}
