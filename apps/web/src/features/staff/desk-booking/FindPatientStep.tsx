import { type DeskPatient, ThaiMobile } from '@klaimor/contracts';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { appLanguage } from '../../../i18n/language';
import { reasonMessage } from '../../../lib/error-messages';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { useLookUpPatient } from './desk-booking.queries';

const REFERENCE = /^[0-9A-Fa-f]{8}$/;

export interface FindPatientStepProps {
  facilityId: string;
  onChosen: (patient: DeskPatient) => void;
  onRegister: (phone: string | null) => void;
}

/** Finds a registered patient by their whole mobile number or a booking reference here, to confirm and book. */
export function FindPatientStep({ facilityId, onChosen, onRegister }: FindPatientStepProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const byId = useId();
  const [by, setBy] = useState<'phone' | 'reference'>('phone');
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const lookUp = useLookUpPatient(facilityId);
  const [searchedPhone, setSearchedPhone] = useState<string | null>(null);

  const find = () => {
    setFieldError(undefined);
    if (by === 'phone') {
      const phone = ThaiMobile.safeParse(typed);
      if (!phone.success) {
        setFieldError(reasonMessage(t, phone.error.issues[0]?.message));
        return;
      }
      setSearchedPhone(phone.data);
      lookUp.mutate({ phone: phone.data });
    } else {
      if (!REFERENCE.test(typed.trim())) {
        setFieldError(t('deskBooking.referenceHint'));
        return;
      }
      setSearchedPhone(null);
      lookUp.mutate({ reference: typed.trim() });
    }
  };

  const found = lookUp.data?.[0];
  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('deskBooking.findHeading')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          find();
        }}
      >
        <Stack spacing={2}>
          <Box>
            <Typography id={byId}>{t('deskBooking.findBy')}</Typography>
            <RadioGroup
              row
              aria-labelledby={byId}
              value={by}
              onChange={(e) => {
                setBy(e.target.value as 'phone' | 'reference');
                setTyped('');
                setFieldError(undefined);
                lookUp.reset();
              }}
            >
              <FormControlLabel value="phone" control={<Radio />} label={t('deskBooking.byPhone')} />
              <FormControlLabel value="reference" control={<Radio />} label={t('deskBooking.byReference')} />
            </RadioGroup>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
            <TextField
              id="desk-find"
              label={t(by === 'phone' ? 'deskBooking.phone' : 'deskBooking.reference')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              error={fieldError !== undefined}
              helperText={fieldError ?? t(by === 'phone' ? 'deskBooking.phoneHint' : 'deskBooking.referenceHint')}
              slotProps={{
                htmlInput: { inputMode: by === 'phone' ? 'tel' : 'text', autoComplete: 'off', maxLength: 20 },
              }}
              sx={{ flex: '1 1 240px' }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              startIcon={<SearchIcon />}
              loading={lookUp.isPending}
            >
              {t('deskBooking.find')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('deskBooking.lookUpNotice')}
          </Typography>
        </Stack>
      </Box>
      {lookUp.isError ? <Alert severity="error">{staffErrorMessage(t, lookUp.error, lang)}</Alert> : null}
      {found ? (
        <Paper variant="outlined" sx={{ p: 2 }} role="status">
          <Stack spacing={1}>
            <Typography color="text.secondary">{t('deskBooking.found')}</Typography>
            <Typography sx={{ fontWeight: 600, fontSize: '1.15rem' }}>
              {t('deskBooking.foundPatient', { name: found.name, age: found.age })}
            </Typography>
            <Typography>
              {found.phoneEnding
                ? t('deskBooking.phoneEnding', { digits: found.phoneEnding })
                : t('deskBooking.noPhone')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('deskBooking.confirmIdentity')}
            </Typography>
            <Box>
              <Button variant="contained" onClick={() => onChosen(found)}>
                {t('deskBooking.bookThis')}
              </Button>
            </Box>
          </Stack>
        </Paper>
      ) : null}
      {lookUp.isSuccess && !found ? (
        <Alert severity="info" role="status">
          <Stack spacing={1}>
            <Typography sx={{ fontWeight: 600 }}>{t('deskBooking.notFound')}</Typography>
            <Typography>{t('deskBooking.notFoundBody')}</Typography>
          </Stack>
        </Alert>
      ) : null}
      <Box>
        <Button variant="outlined" onClick={() => onRegister(searchedPhone)}>
          {t('deskBooking.registerNew')}
        </Button>
      </Box>
    </Stack>
  );
}
