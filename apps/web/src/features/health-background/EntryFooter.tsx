import { todayInBangkok, type RecordedBy } from '@klaimor/contracts';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans } from 'react-i18next';
import { appLanguage } from '../../i18n/language';
import { formatBuddhistDate } from '../../lib/thai-date';
import { writtenLanguage } from '../../lib/written-language';
import { useWhoseHeading } from '../../session/use-whose-heading';
import { useHealthBackgroundTexts } from './health-background.texts';

export interface EntryFooterProps {
  /** The entry's name as shown, for the remove button's accessible name ("ลบ เพนิซิลลิน"). */
  name: string;
  recordedBy: RecordedBy;
  recordedAt: string;
  /** Removes the entry after asking; undefined where the entry cannot be removed from here (a caregiver who may not). */
  onRemove?: () => void;
}

/**
 * Who recorded an entry and when, then what can be done about it: the patient's own entry can be removed; a
 * clinician's cannot (the hospital that wrote it removes it), so the patient is told whom to ask instead.
 */
export function EntryFooter({ name, recordedBy, recordedAt, onRemove }: EntryFooterProps) {
  const { t, i18n } = useHealthBackgroundTexts();
  const whose = useWhoseHeading();
  const lang = appLanguage(i18n);
  const date = formatBuddhistDate(todayInBangkok(new Date(recordedAt)), lang, 'short');
  const byClinician = recordedBy.by === 'clinician';
  return (
    <Stack spacing={0.5} sx={{ mt: 1 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 12rem', py: 0.5 }}>
          {byClinician ? (
            <Trans
              t={t}
              i18nKey="recorded.clinician"
              values={{
                clinician: recordedBy.clinician,
                hospital: lang === 'en' ? recordedBy.facility.nameEn : recordedBy.facility.nameTh,
              }}
              components={{
                name: <span lang={writtenLanguage(recordedBy.clinician)} />,
                place: <span lang={lang === 'en' ? undefined : writtenLanguage(recordedBy.facility.nameTh)} />,
              }}
            />
          ) : (
            whose(t, 'recorded.self')
          )}
          {' · '}
          {/* The date on one line: "28 พ.ย. 2569", never its year alone on the next. */}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {date}
          </Box>
        </Typography>
        {!byClinician && onRemove ? (
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={onRemove}
            aria-label={t('removeNamed', { name })}
            sx={{ ml: 'auto' }}
          >
            {t('remove')}
          </Button>
        ) : null}
      </Stack>
      {byClinician ? (
        <Typography variant="body2" color="text.secondary">
          {t('recorded.askHospital')}
        </Typography>
      ) : null}
    </Stack>
  );
}
