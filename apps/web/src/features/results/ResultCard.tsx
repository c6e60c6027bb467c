import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import InfoIcon from '@mui/icons-material/Info';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FlagBadge } from '../../components/FlagBadge';
import { useId } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { appLanguage } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';
import { writtenLanguage } from '../../lib/written-language';
import {
  askAboutResult,
  facilityName,
  formatValue,
  rangeWords,
  testName,
  unitOf,
  type TestSeries,
} from './results-format';
import { ResultTrendChart } from './ResultTrendChart';
import { useResultsTexts } from './results.texts';

/**
 * One test: its name, the latest value large with its unit, where it stands against its range in words, the range,
 * when and where it was taken, what the test tells in plain words, and its earlier values as a chart when there are.
 */
export function ResultCard({ series }: { series: TestSeries }) {
  const { t, i18n } = useResultsTexts();
  const lang = appLanguage(i18n);
  const headingId = useId();
  const trendId = useId();
  const { test, results } = series;
  const latest = results[results.length - 1];
  const range = rangeWords(test, latest, t, lang);
  const place = facilityName(latest.facility, lang);
  const outOfRange = latest.flag === 'high' || latest.flag === 'low';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={outOfRange ? { borderColor: 'warning.main', borderLeftWidth: 6 } : undefined}
    >
      <CardContent sx={{ pb: '16px !important' }}>
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700, fontSize: '1.125rem', overflowWrap: 'anywhere' }}
        >
          {testName(test, lang)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('latest')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.75 }}>
          <Typography component="p" sx={{ lineHeight: 1.5 }}>
            <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700 }}>
              {formatValue(test, latest.value, lang)}
            </Box>{' '}
            <Box component="span" sx={{ fontSize: '1.125rem', fontWeight: 500 }}>
              {unitOf(test, t)}
            </Box>
          </Typography>
          {latest.flag ? <FlagBadge flag={latest.flag} label={t(`flag.${latest.flag}`)} /> : null}
        </Stack>
        {range ? <Typography sx={{ mt: 0.75 }}>{range}</Typography> : null}
        {/* When and where on lines of their own: at 200% text a hospital's name does not break after the date. */}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {/* The date on one line: "20 พ.ค. 2569", never its year alone on the next. */}
          <Trans
            t={t}
            i18nKey={test.category === 'vital-signs' ? 'measured' : 'taken'}
            values={{ date: formatBuddhistDate(latest.takenOn, lang, 'short') }}
            components={{ date: <Box component="span" sx={{ whiteSpace: 'nowrap' }} /> }}
          />
        </Typography>
        <Typography variant="body2" color="text.secondary" lang={writtenLanguage(place)}>
          {place}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'rgba(106,166,255,0.1)', alignItems: 'flex-start' }}
        >
          <InfoIcon aria-hidden sx={{ color: 'primary.dark', mt: '0.15em' }} />
          <Typography variant="body2">{t(`about.${test.code}` as 'about.4548-4')}</Typography>
        </Stack>
        {results.length >= 2 ? (
          <Box component="section" aria-labelledby={trendId} sx={{ mt: 2 }}>
            <Typography
              id={trendId}
              component="h4"
              variant="subtitle2"
              sx={{ fontWeight: 600, fontSize: '1rem', mb: 0.5 }}
            >
              {t('trend.heading', { count: results.length })}
            </Typography>
            <ResultTrendChart test={test} results={results} />
          </Box>
        ) : null}
        {/* A question about the result goes to the care team of the place that took it, its subject already written. */}
        <Button
          component={Link}
          to={askAboutResult(test, latest, t, lang)}
          variant="outlined"
          startIcon={<ForumOutlinedIcon />}
          aria-label={t('ask.named', { test: testName(test, lang) })}
          sx={{ mt: 2 }}
        >
          {t('ask.label')}
        </Button>
      </CardContent>
    </Card>
  );
}
