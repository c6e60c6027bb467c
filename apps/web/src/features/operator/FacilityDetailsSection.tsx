import {
  CorrectFacilityBody,
  FACILITY_KINDS,
  type FacilityKind,
  type OpeningHours,
  type OperatorFacility,
} from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { usePlaceTexts } from '../../i18n/places/places.texts';
import { weekdayLong, type Weekday } from '../staff/shared/staff-format';
import { useStaffTexts } from '../staff/staff.texts';
import { Outcome } from './Outcome';
import { useCorrectFacility } from './operator.queries';
import { useOperatorTexts } from './operator.texts';
import { useFacilityAction } from './use-facility-action';

const WEEKDAYS: Weekday[] = [1, 2, 3, 4, 5, 6, 7];
const FIELDS = {
  nameTh: 'details.fields.nameTh',
  nameEn: 'details.fields.nameEn',
  kind: 'details.fields.kind',
  phone: 'details.fields.phone',
  openingHours: 'details.fields.openingHours',
  emergency24h: 'details.fields.emergency24h',
} as const;

/** The hours as this form edits them: open day and night, one opening on the days ticked, or not stated. */
function hoursOf(hours: OpeningHours) {
  if (hours.kind !== 'weekly') return { kind: hours.kind, days: [1, 2, 3, 4, 5], opens: '08:30', closes: '16:30' };
  return {
    kind: 'weekly',
    days: hours.days.map((d) => d.weekday),
    opens: hours.days[0].opens,
    closes: hours.days[0].closes,
  };
}

/**
 * Names, kind, phone, outpatient hours and a 24-hour emergency department: each field changed becomes the operator's,
 * and imports leave it alone.
 */
export function FacilityDetailsSection({ facility }: { facility: OperatorFacility }) {
  const { t } = useOperatorTexts();
  const { t: staffT } = useStaffTexts();
  const { t: places } = usePlaceTexts();
  const correct = useCorrectFacility(facility.id);
  const { outcome, run, fail } = useFacilityAction();
  const [nameTh, setNameTh] = useState(facility.nameTh);
  const [nameEn, setNameEn] = useState(facility.nameEn);
  const [kind, setKind] = useState<FacilityKind>(facility.kind);
  const [phone, setPhone] = useState(facility.phone ?? '');
  const [hours, setHours] = useState(() => hoursOf(facility.openingHours));
  const [emergency24h, setEmergency24h] = useState(facility.emergency24h);
  // A pharmacy runs no emergency department: the box goes, and saving says so.
  const runsEmergency = kind !== 'pharmacy';

  const save = () => {
    const openingHours =
      hours.kind === 'weekly'
        ? { kind: 'weekly', days: hours.days.map((weekday) => ({ weekday, opens: hours.opens, closes: hours.closes })) }
        : { kind: hours.kind };
    const body = CorrectFacilityBody.safeParse({
      nameTh,
      nameEn,
      kind,
      phone: phone.trim() || null,
      openingHours,
      emergency24h: runsEmergency && emergency24h,
    });
    if (!body.success) {
      const field = String(body.error.issues[0]?.path[0]) as keyof typeof FIELDS;
      return fail(t('details.invalid', { field: t(FIELDS[field] ?? FIELDS.nameTh) }));
    }
    // The fields then show what was saved, as the server wrote it (a phone's digits).
    return run(async () => {
      const saved = await correct.mutateAsync(body.data);
      setNameTh(saved.nameTh);
      setNameEn(saved.nameEn);
      setPhone(saved.phone ?? '');
      setEmergency24h(saved.emergency24h);
    }, t('details.saved'));
  };

  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          id="op-name-th"
          label={t('details.nameTh')}
          value={nameTh}
          onChange={(e) => setNameTh(e.target.value)}
          fullWidth
        />
        <TextField
          id="op-name-en"
          label={t('details.nameEn')}
          value={nameEn}
          onChange={(e) => setNameEn(e.target.value)}
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          id="op-kind"
          label={t('details.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as FacilityKind)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 300 }}
        >
          {FACILITY_KINDS.map((k) => (
            <option key={k} value={k}>
              {places(`kinds.${k}`)}
            </option>
          ))}
        </TextField>
        <TextField
          id="op-phone"
          type="tel"
          label={t('details.phone')}
          helperText={t('details.phoneHint')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
      </Stack>
      <FormLabel id="op-hours-label">{t('details.hours')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="op-hours-label"
        value={hours.kind}
        onChange={(e) => setHours({ ...hours, kind: e.target.value as OpeningHours['kind'] })}
      >
        {(['always', 'weekly', 'not_stated'] as const).map((k) => (
          <FormControlLabel key={k} value={k} control={<Radio />} label={staffT(`settings.hours.${k}`)} />
        ))}
      </RadioGroup>
      {hours.kind === 'weekly' ? (
        <Stack spacing={1}>
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            {WEEKDAYS.map((day) => (
              <FormControlLabel
                key={day}
                control={
                  <Checkbox
                    checked={hours.days.includes(day)}
                    onChange={(e) =>
                      setHours({
                        ...hours,
                        days: e.target.checked ? [...hours.days, day].sort() : hours.days.filter((d) => d !== day),
                      })
                    }
                  />
                }
                label={weekdayLong(staffT, day)}
              />
            ))}
          </Stack>
          <Stack direction="row" spacing={2}>
            <TextField
              id="op-opens"
              type="time"
              label={staffT('settings.hours.opens')}
              value={hours.opens}
              onChange={(e) => setHours({ ...hours, opens: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              id="op-closes"
              type="time"
              label={staffT('settings.hours.closes')}
              value={hours.closes}
              onChange={(e) => setHours({ ...hours, closes: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </Stack>
      ) : null}
      {runsEmergency ? (
        <FormControlLabel
          control={<Checkbox checked={emergency24h} onChange={(e) => setEmergency24h(e.target.checked)} />}
          label={t('details.emergency')}
        />
      ) : null}
      <Outcome outcome={outcome} />
      <Button
        variant="contained"
        loading={correct.isPending}
        onClick={() => void save()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('details.save')}
      </Button>
    </Stack>
  );
}
