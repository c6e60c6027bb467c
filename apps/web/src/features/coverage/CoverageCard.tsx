import type { Coverage } from '@klaimor/contracts';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ShieldIcon from '@mui/icons-material/Shield';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../components/DetailList';
import { formatBuddhistDate } from '../../lib/thai-date';
import { coverageName, formatBaht, insurerName } from './coverage-format';
import { useCoverageTexts } from './coverage.texts';
import { appLanguage } from '../../i18n/language';
import { writtenLanguage } from '../../lib/written-language';

export interface CoverageCardProps {
  coverage: Coverage;
  onEdit: () => void;
  onRemove: () => void;
}

const STATUS_COLOUR = { active: 'success', upcoming: 'info', expired: 'default' } as const;

/** One entitlement: what it is, where it applies, how much it covers and until when. */
export function CoverageCard({ coverage, onEdit, onRemove }: CoverageCardProps) {
  const { t, i18n } = useCoverageTexts();
  const lang = appLanguage(i18n);
  const name = coverageName(coverage, t, lang);
  const expired = coverage.status === 'expired';
  const date = (iso: string) => formatBuddhistDate(iso, lang, 'short');

  const facilityLabel =
    coverage.scheme === 'ucs'
      ? t('fields.registeredUnit')
      : coverage.scheme === 'sss'
        ? t('fields.registeredHospital')
        : t('fields.registeredFacility');
  const validity =
    coverage.validFrom && coverage.validTo
      ? t('card.range', { from: date(coverage.validFrom), to: date(coverage.validTo) })
      : coverage.validFrom
        ? t('card.from', { date: date(coverage.validFrom) })
        : coverage.validTo
          ? t('card.until', { date: date(coverage.validTo) })
          : null;

  const rows: { label: string; value: string | null }[] = [
    { label: facilityLabel, value: coverage.registeredFacility },
    {
      label: coverage.kind === 'private' ? t('fields.policyNumber') : t('fields.memberNumber'),
      value: coverage.memberNumber,
    },
    {
      label: t('card.limit'),
      value: coverage.coverageLimitBaht === null ? null : formatBaht(coverage.coverageLimitBaht, t, lang),
    },
    { label: t('fields.networkNote'), value: coverage.networkNote },
    { label: t('fields.validity'), value: validity },
  ];
  const shown = rows.filter((row): row is { label: string; value: string } => row.value !== null && row.value !== '');

  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={name}
      sx={{
        borderLeft: 6,
        borderLeftColor: expired ? 'grey.400' : coverage.kind === 'public' ? 'primary.main' : 'secondary.light',
        bgcolor: expired ? 'grey.50' : 'background.paper',
      }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', flexWrap: 'wrap', gap: 1.5 }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              flex: '0 0 40px',
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: expired ? 'grey.200' : 'rgba(106,166,255,0.15)',
              color: expired ? 'text.secondary' : 'primary.dark',
            }}
          >
            {coverage.kind === 'public' ? <AccountBalanceIcon /> : <ShieldIcon />}
          </Box>
          {/* In rem, so at large text the status goes under the name rather than squeezing it. */}
          <Box sx={{ flex: '1 1 8rem', minWidth: 0 }}>
            <Typography
              component="h3"
              variant="subtitle1"
              lang={writtenLanguage(name)}
              sx={{ fontWeight: 600, lineHeight: 1.35 }}
            >
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {coverage.kind === 'private' && coverage.insurer && coverage.planName
                ? insurerName(coverage.insurer, lang)
                : t(`kind.${coverage.kind}`)}
            </Typography>
          </Box>
          <Chip size="small" label={t(`status.${coverage.status}`)} color={STATUS_COLOUR[coverage.status]} />
        </Stack>
        {coverage.description ? (
          <Typography variant="body2" lang={writtenLanguage(coverage.description)} sx={{ mt: 1.5 }}>
            {coverage.description}
          </Typography>
        ) : null}
        {shown.length > 0 ? (
          <Box sx={{ mt: 1.5 }}>
            <DetailList rows={shown} />
          </Box>
        ) : null}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={t('card.editNamed', { name })}>
          {t('edit')}
        </Button>
        <Button
          size="small"
          color="error"
          startIcon={<DeleteIcon />}
          onClick={onRemove}
          aria-label={t('card.removeNamed', { name })}
        >
          {t('remove')}
        </Button>
      </CardActions>
    </Card>
  );
}
