import EditNoteIcon from '@mui/icons-material/EditNote';
import ForumIcon from '@mui/icons-material/Forum';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HistoryIcon from '@mui/icons-material/History';
import MedicalInformationIcon from '@mui/icons-material/MedicalInformation';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PersonIcon from '@mui/icons-material/Person';
import ScienceIcon from '@mui/icons-material/Science';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { writtenLanguage } from '../../lib/written-language';
import { MyAppointments } from '../appointments/MyAppointments';
import { FamilyLink } from '../family/FamilyLink';
import { PersonSwitcher } from '../../session/PersonSwitcher';
import { allows, type CareArea } from '../../session/care-links';
import { useSelectedPerson } from '../../session/use-selected-person';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { TodayDosesSummary } from '../medications/TodayDosesSummary';
import { LatestSymptomNote } from '../symptom-notes/LatestSymptomNote';
import { InstallAppCard } from './InstallAppCard';
import { useMyHealthTexts } from './myhealth.texts';

interface Tile {
  to: string;
  icon: ReactNode;
  /** The part of the record it opens: a dependent's grant must cover it for the tile to show. */
  area: CareArea;
  label: (t: ReturnType<typeof useMyHealthTexts>['t']) => string;
}

const TILES: Tile[] = [
  { to: '/profile', icon: <PersonIcon />, area: 'records', label: (t) => t('tiles.profile') },
  {
    to: '/medicalright',
    icon: <HealthAndSafetyIcon />,
    area: 'records',
    label: (t) => t('tiles.medicalRight'),
  },
  { to: '/history', icon: <HistoryIcon />, area: 'records', label: (t) => t('tiles.history') },
  { to: '/asd', icon: <EditNoteIcon />, area: 'records', label: (t) => t('tiles.asd') },
  // Its words are the home's own (not the shared texts of every first screen).
  {
    to: '/health-background',
    icon: <MedicalInformationIcon />,
    area: 'healthBackground',
    label: (t) => t('tiles.healthBackground'),
  },
  { to: '/results', icon: <ScienceIcon />, area: 'records', label: (t) => t('tiles.results') },
  { to: '/readings', icon: <MonitorHeartIcon />, area: 'homeReadings', label: (t) => t('tiles.readings') },
  { to: '/messages', icon: <ForumIcon />, area: 'records', label: (t) => t('tiles.messages') },
];

/**
 * The signed-in home menu: the tiles, the appointments, today's doses and the latest note, of the patient or of the
 * dependent chosen in the person switcher (only the parts that dependent's grant covers: a medicines-only grant shows
 * the medicines, and the allergies and conditions whoever gives the medicines must know).
 */
export function MyHealthHome({ firstname }: { firstname: string }) {
  const { t } = useMyHealthTexts();
  const whose = useWhoseHeading();
  const selection = useSelectedPerson();
  const { person } = selection;
  const link = person?.link ?? null;
  const can = (area: CareArea) => link === null || allows(link, area);
  return (
    <Stack spacing={3}>
      {/* Whose health the page is about, in words as well as in the switcher's colour: "สุขภาพของคุณบุญมา". */}
      <PageTitle
        subtitle={
          <Trans
            t={t}
            i18nKey="greeting"
            values={{ name: firstname }}
            components={{ name: <span lang={writtenLanguage(firstname)} /> }}
          />
        }
      >
        {whose(t, 'myHealth.title')}
      </PageTitle>
      <PersonSwitcher selection={selection} />
      {person ? (
        <Stack key={person.id} spacing={3}>
          <HomeTiles tiles={TILES.filter((tile) => can(tile.area))} />
          {can('appointments') ? <MyAppointments /> : null}
          {can('medicines') ? <TodayDosesSummary /> : null}
          {can('records') ? <LatestSymptomNote /> : null}
          {link ? null : <FamilyLink />}
          {link ? null : <InstallAppCard />}
        </Stack>
      ) : (
        <LoadingState />
      )}
    </Stack>
  );
}

function HomeTiles({ tiles }: { tiles: Tile[] }) {
  const { t } = useMyHealthTexts();
  if (tiles.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('menuLabel')}>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          // Two columns; one when the phone's text is so large that half the screen would squeeze a tile's words
          // ("ข้อความถึงทีมดูแล" at 200%) into a few letters a line.
          gridTemplateColumns: 'repeat(auto-fit, minmax(max(10rem, 40%), 1fr))',
          gap: 1.5,
          p: 0,
          m: 0,
          listStyle: 'none',
        }}
      >
        {tiles.map((tile, i) => {
          // An odd last tile takes the whole row, its icon beside its words.
          const wide = i === tiles.length - 1 && i % 2 === 0;
          return (
            <Box component="li" key={tile.to} sx={wide ? { gridColumn: '1 / -1' } : undefined}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={Link} to={tile.to} sx={{ height: '100%' }}>
                  <CardContent
                    sx={{
                      display: 'flex',
                      gap: wide ? 2 : 1,
                      ...(wide ? { alignItems: 'center' } : { flexDirection: 'column', minHeight: 112 }),
                    }}
                  >
                    <Box
                      aria-hidden
                      sx={{
                        flexShrink: 0,
                        width: 44,
                        height: 44,
                        borderRadius: 2,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'rgba(106,166,255,0.15)',
                        color: 'primary.dark',
                      }}
                    >
                      {tile.icon}
                    </Box>
                    <Typography sx={{ fontWeight: 500, lineHeight: 1.3 }}>{tile.label(t)}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
