import { MOPH_REGISTRY_SOURCE, type Hospital } from '@klaimor/contracts';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { usePlaceTexts } from '../../i18n/places/places.texts';
import { appLanguage } from '../../i18n/language';
import { useBookingTexts } from './booking.texts';
import { facilityAddress, serviceLevelCode } from './facility-facts';
import { writtenLanguage } from '../../lib/written-language';

/**
 * What the place is (its type in the registry, service level, beds, code), where it is, how sure the pin is, and
 * where these facts come from.
 */
export function FacilityFacts({ hospital: h }: { hospital: Hospital }) {
  const { t, i18n } = useBookingTexts();
  const { t: placeT } = usePlaceTexts();
  const lang = appLanguage(i18n);
  const level = serviceLevelCode(h.serviceLevel);
  const address = facilityAddress(h, lang);
  const fromRegistry = h.source.name === MOPH_REGISTRY_SOURCE || h.mophType !== null;
  const rows: [string, string][] = [
    [
      t('card.facts.type'),
      h.mophType ? t(`mophTypes.${h.mophType}`, placeT(`kinds.${h.kind}`)) : placeT(`kinds.${h.kind}`),
    ],
    ...(h.serviceLevel
      ? [
          [t('card.facts.serviceLevel'), level ? t(`serviceLevels.${level}`, h.serviceLevel) : h.serviceLevel] as [
            string,
            string,
          ],
        ]
      : []),
    ...(h.beds ? [[t('card.facts.beds'), t('card.facts.bedsCount', { count: h.beds })] as [string, string]] : []),
    ...(h.mophCode ? [[t('card.facts.code'), h.mophCode] as [string, string]] : []),
    ...(address ? [[t('card.facts.address'), address] as [string, string]] : []),
  ];
  return (
    <Box component="section" aria-label={t('card.facts.label')}>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5, m: 0 }}>
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              lang={writtenLanguage(value)}
              sx={{ m: 0, overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      {h.positionFlag ? (
        <Alert severity="warning" icon={<InfoOutlinedIcon fontSize="inherit" />} sx={{ mt: 1 }}>
          {t(h.phone ? 'card.facts.approximate' : 'card.facts.approximateNoPhone')}
        </Alert>
      ) : null}
      {fromRegistry ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('card.facts.registrySource')}
        </Typography>
      ) : null}
    </Box>
  );
}
