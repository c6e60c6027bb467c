import type { Medication } from '@klaimor/contracts';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { medicineName } from '../medications/medications-format';
import { useRefillsTexts } from './refills.texts';

/** The medicines that may be asked for again now: the server says so of each (`refillOffered`). */
export const offeredOf = (medications: readonly Medication[] | undefined): Medication[] =>
  (medications ?? []).filter((m) => m.refillOffered);

/** Those medicines, each a button to its request screen. */
export function OfferedMedicines({ medications }: { medications: Medication[] }) {
  const { t } = useRefillsTexts();
  return (
    <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {medications.map((m) => (
        <li key={m.id}>
          <Button
            component={Link}
            to={`/refills/new?medication=${encodeURIComponent(m.id)}`}
            variant="contained"
            fullWidth
            startIcon={<AutorenewIcon />}
            sx={{ justifyContent: 'flex-start', textAlign: 'start' }}
          >
            {t('offered.ask', { name: medicineName(m) })}
          </Button>
        </li>
      ))}
    </Stack>
  );
}
