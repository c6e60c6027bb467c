import Typography from '@mui/material/Typography';
import { useCareTexts } from '../i18n/care/care.texts';
import { useSelectedPerson } from './use-selected-person';
import { NamedText } from '../components/NamedText';

/** "จองให้: <name>" on a booking made, or being made, for a dependent; nothing for the patient's own. */
export function BookingFor() {
  const { t } = useCareTexts();
  const { person } = useSelectedPerson();
  if (!person?.link) return null;
  return (
    <Typography
      sx={{
        fontWeight: 600,
        px: 1.5,
        py: 1,
        borderRadius: 2,
        borderLeft: 6,
        borderLeftColor: person.colour ?? 'primary.main',
        bgcolor: 'background.paper',
      }}
    >
      <NamedText t={t} i18nKey="bookingFor" values={{ name: `${person.firstname} ${person.lastname}` }} />
    </Typography>
  );
}
