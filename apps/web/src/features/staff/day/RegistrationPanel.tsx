import { HospitalNumberBody, formatThaiId, formatThaiPhone, type PatientRegistration } from '@klaimor/contracts';
import BadgeIcon from '@mui/icons-material/Badge';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DetailList } from '../../../components/DetailList';
import { LoadingState } from '../../../components/LoadingState';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { insurerName } from '../../coverage/coverage-format';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { StaffLoadError } from '../shared/StaffLoadError';
import { useStaffTexts } from '../staff.texts';
import { genderText } from './day-format';
import { usePatientRegistration, useSetHospitalNumber } from './day.queries';

interface HnValues {
  hospitalNumber: string;
}
const resolver = contractResolver(HospitalNumberBody, (v: HnValues) => ({ hospitalNumber: v.hospitalNumber }));

export interface RegistrationPanelProps {
  facilityId: string;
  appointmentId: string;
}

/**
 * What the desk types into the hospital's own system: the ID document, birthday, address and schemes, and the
 * hospital number (HN) it gave, kept here for the patient's later visits. Asked only on a press: each reading is
 * audited and shown to the patient.
 */
export function RegistrationPanel({ facilityId, appointmentId }: RegistrationPanelProps) {
  const { t } = useStaffTexts();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const registration = usePatientRegistration(facilityId, appointmentId, open);

  let body;
  if (!open) {
    body = (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button variant="outlined" startIcon={<BadgeIcon />} onClick={() => setOpen(true)}>
          {t('registration.show')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('registration.notice')}
        </Typography>
      </Stack>
    );
  } else if (registration.isPending) {
    body = <LoadingState label={t('registration.loading')} />;
  } else if (registration.isError) {
    body = <StaffLoadError error={registration.error} onRetry={() => void registration.refetch()} />;
  } else {
    body = (
      <Stack spacing={2}>
        <RegistrationDetails registration={registration.data} />
        <HospitalNumberForm
          facilityId={facilityId}
          appointmentId={appointmentId}
          current={registration.data.hospitalNumber}
        />
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('registration.title')}
      </Typography>
      {body}
    </Box>
  );
}

function RegistrationDetails({ registration: r }: { registration: PatientRegistration }) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const idNumber = r.idDocument.type === 'passport' ? r.idDocument.number : formatThaiId(r.idDocument.number);
  const rows = [
    { label: t(`registration.idTypes.${r.idDocument.type}`), value: idNumber },
    ...(r.idDocument.nationality ? [{ label: t('registration.nationality'), value: r.idDocument.nationality }] : []),
    { label: t('registration.birthday'), value: formatBuddhistDate(r.birthday, lang) },
    { label: t('record.gender'), value: genderText(t, r.gender) },
    { label: t('registration.address'), value: r.address },
    ...(r.phone ? [{ label: t('appointment.phone'), value: formatThaiPhone(r.phone) }] : []),
    {
      label: t('registration.scheme'),
      value: r.publicScheme
        ? [
            t(`schemes.${r.publicScheme.scheme}`),
            r.publicScheme.registeredFacility
              ? t('registration.registeredAt', { facility: r.publicScheme.registeredFacility })
              : null,
            r.publicScheme.memberNumber
              ? t('registration.memberNumber', { number: r.publicScheme.memberNumber })
              : null,
          ]
            .filter(Boolean)
            .join('\n')
        : t('registration.noScheme'),
    },
    ...(r.insurances.length > 0
      ? [
          {
            label: t('registration.insurances'),
            value: r.insurances
              .map((i) =>
                [
                  insurerName(i.insurer, lang),
                  i.planName,
                  i.memberNumber ? t('registration.memberNumber', { number: i.memberNumber }) : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
              )
              .join('\n'),
          },
        ]
      : []),
  ];
  return <DetailList rows={rows} />;
}

interface HospitalNumberFormProps {
  facilityId: string;
  appointmentId: string;
  current: string | null;
}

/** The HN the hospital's system gave: typed once, then shown at every visit here (and changed for a typing slip). */
function HospitalNumberForm({ facilityId, appointmentId, current }: HospitalNumberFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const save = useSetHospitalNumber(facilityId, appointmentId);
  const [editing, setEditing] = useState(current === null);
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<HnValues, unknown, z.output<typeof HospitalNumberBody>>({
    resolver,
    defaultValues: { hospitalNumber: current ?? '' },
  });
  const { ref, ...field } = register('hospitalNumber');
  const message = fieldMessage(t, 'hospitalNumber', errors.hospitalNumber?.message);

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync(body);
      setSaved(true);
      setEditing(false);
    } catch (error) {
      setFormError(staffErrorMessage(t, error, lang));
    }
  });

  if (!editing && current !== null) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {saved ? (
          <Alert severity="success" role="status">
            {t('registration.hnSaved', { hn: current })}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('registration.hnIs', { hn: current })}</Typography>
          <Button
            size="small"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {t('registration.changeHn')}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          {...field}
          inputRef={ref}
          id={`hn-${appointmentId}`}
          label={t('registration.hn')}
          error={message !== undefined}
          helperText={message ?? t('registration.hnHint')}
          slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'off', spellCheck: false } }}
          sx={{ width: '100%', maxWidth: 320 }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('registration.saveHn')}
        </Button>
      </Stack>
    </Box>
  );
}
