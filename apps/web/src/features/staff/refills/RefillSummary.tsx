import type { StaffRefill } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { appLanguage } from '../../../i18n/language';
import { writtenLanguage } from '../../../lib/written-language';
import { useStaffTexts } from '../staff.texts';
import { deliveryWords, doseWords, medicineName, patientLine, supplyWords } from './refills-format';

/**
 * The request a step is taken on, at the top of its form: whose, which medicine and how it is taken, how long the
 * supply lasts, how the patient gets it and their note; so the member checks the row they clicked.
 */
export function RefillSummary({ refill, today }: { refill: StaffRefill; today: string }) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const supply = supplyWords(t, refill.dosing.endDate, today, lang);
  return (
    <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 600 }} lang={writtenLanguage(refill.patient.name)}>
        {patientLine(t, refill.patient)}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{medicineName(refill)}</Typography>
      <Typography variant="body2">{doseWords(t, refill)}</Typography>
      {refill.status === 'requested' ? (
        <Typography variant="body2" sx={supply.ranOut ? { color: 'warning.dark', fontWeight: 600 } : undefined}>
          {supply.text}
        </Typography>
      ) : null}
      <Typography variant="body2">{deliveryWords(t, refill, lang)}</Typography>
      {refill.note ? (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('refills.note')}
          </Box>{' '}
          <span lang={writtenLanguage(refill.note)}>{refill.note}</span>
        </Typography>
      ) : null}
    </Box>
  );
}
