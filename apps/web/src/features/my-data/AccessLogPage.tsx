import type { AccessLogEntry } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { PersonGate } from '../../session/PersonGate';
import { formatDayAndTime } from '../../lib/clock-time';
import { useAccessLog } from './my-data.queries';
import { useMyDataTexts } from './my-data.texts';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { NamedText } from '../../components/NamedText';

/** "ใครเปิดดูข้อมูลของฉัน": every time hospital staff or a family caregiver saw or changed the record, newest first. */
export function AccessLogPage() {
  return (
    <PersonGate area="records">
      <AccessLog />
    </PersonGate>
  );
}

function AccessLog() {
  const { t } = useMyDataTexts();
  const whose = useWhoseHeading();
  const log = useAccessLog();

  let body;
  if (log.isPending) body = <LoadingState />;
  else if (log.isError) body = <ErrorState onRetry={() => void log.refetch()} />;
  else if (log.data.length === 0)
    body = <EmptyState icon={<VisibilityIcon />} title={t('access.emptyTitle')} description={t('access.emptyBody')} />;
  else {
    body = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {log.data.map((entry, i) => (
          <AccessLogItem key={`${entry.at}-${i}`} entry={entry} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Button component={Link} to="/profile" startIcon={<ArrowBackIcon />} sx={{ alignSelf: 'flex-start' }}>
        {t('access.back')}
      </Button>
      <PageTitle>{whose(t, 'access.title')}</PageTitle>
      <Typography>{t('access.intro')}</Typography>
      {body}
    </Stack>
  );
}

function AccessLogItem({ entry }: { entry: AccessLogEntry }) {
  const { t, i18n } = useMyDataTexts();
  const lang = i18n.language;
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardContent>
        <Typography sx={{ fontWeight: 600 }}>{t(`access.actions.${entry.action}`)}</Typography>
        {entry.by === 'staff' ? (
          <>
            <Typography variant="body2">{lang === 'en' ? entry.hospital.nameEn : entry.hospital.nameTh}</Typography>
            <Typography variant="body2">
              <NamedText
                t={t}
                i18nKey="access.who"
                values={{ name: entry.staff.name, role: t(`access.roles.${entry.staff.role}`) }}
              />
            </Typography>
            {/*
              Opened outside an appointment in care, or a correction of the record: the reason the clinician had to
              give, in their words.
            */}
            {entry.reason && entry.action === 'patient.record_opened_break_glass' ? (
              <Alert severity="warning" sx={{ mt: 1 }}>
                <AlertTitle>{t('access.outsideCare')}</AlertTitle>
                <Typography variant="body2">
                  <NamedText t={t} i18nKey="access.reason" values={{ name: entry.reason }} />
                </Typography>
              </Alert>
            ) : entry.reason ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                <NamedText t={t} i18nKey="access.reason" values={{ name: entry.reason }} />
              </Alert>
            ) : null}
          </>
        ) : entry.by === 'system' ? (
          <>
            <Typography variant="body2">{lang === 'en' ? entry.hospital.nameEn : entry.hospital.nameTh}</Typography>
            <Typography variant="body2">
              <NamedText t={t} i18nKey="access.systemWho" values={{ name: entry.system.name }} />
            </Typography>
          </>
        ) : (
          <>
            <Typography variant="body2">{t(`access.areas.${entry.area}`)}</Typography>
            <Typography variant="body2">
              <NamedText t={t} i18nKey="access.caregiverWho" values={{ name: entry.caregiver.name }} />
            </Typography>
          </>
        )}
        <Typography variant="body2" color="text.secondary">
          {formatDayAndTime(entry.at, lang)}
        </Typography>
      </CardContent>
    </Card>
  );
}
