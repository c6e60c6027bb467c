import type { Appointment } from '@klaimor/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../components/DetailList';
import { formatBaht, formatDayAndTime } from '../../lib/clock-time';
import { useAppointmentsTexts } from './appointments.texts';

/** The receipt of a paid deposit: what was paid, when, for which booking, and the payment's own reference. */
export function DepositReceipt({ appointment }: { appointment: Appointment & { deposit: { paidAt: string } } }) {
  const { t, i18n } = useAppointmentsTexts();
  const lang = i18n.language;
  const { deposit, hospital } = appointment;
  return (
    <Card variant="outlined" component="section" aria-labelledby="deposit-receipt-title">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="deposit-receipt-title" component="h2" variant="h6">
            {t('receipt.title')}
          </Typography>
          <DetailList
            rows={[
              { label: t('receipt.amount'), value: formatBaht(deposit.amount, lang) },
              { label: t('receipt.paidAt'), value: formatDayAndTime(deposit.paidAt, lang) },
              {
                label: t('receipt.method'),
                value: t(deposit.atDesk === 'paid' ? 'receipt.cashAtDesk' : 'receipt.promptPay'),
              },
              { label: t('receipt.for'), value: lang === 'en' ? hospital.nameEn : hospital.nameTh },
              { label: t('receipt.reference'), value: appointment.reference },
              ...(deposit.paymentReference
                ? [{ label: t('receipt.paymentReference'), value: deposit.paymentReference }]
                : []),
            ]}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
