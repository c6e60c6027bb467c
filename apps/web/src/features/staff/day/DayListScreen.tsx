import { todayInBangkok, type AppointmentStatus, type DayListEntry, type StaffRole } from '@klaimor/contracts';
import EventNoteIcon from '@mui/icons-material/EventNote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { DayWithToday } from '../shared/DayWithToday';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingState } from '../../../components/LoadingState';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { clinicName, useClinics } from '../shared/clinics.queries';
import { StaffLoadError } from '../shared/StaffLoadError';
import { bangkokDateOf, formatClock, formatDateWithWeekday } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { AppointmentDialog } from './AppointmentDialog';
import { DayListRow, ROW_GRID } from './DayListRow';
import { DAY_STATUSES } from './day-format';
import { SEARCH_MIN_LENGTH, useAppointmentSearch, useDayList } from './day.queries';
import { OtherDaysMatches } from './OtherDaysMatches';
import { useOwnSessions } from './use-own-sessions';

const SEARCH_DELAY_MS = 300;
const isStatus = (value: string): value is AppointmentStatus => (DAY_STATUSES as readonly string[]).includes(value);

export interface DayListScreenProps {
  facilityId: string;
  /** In the member's language, for the queue ticket. */
  facilityName: string;
  /** The member's roles here: the front desk checks in, records no-shows and cancels; a clinician calls in and records the visit. */
  roles: readonly StaffRole[];
  /**
   * The desk's booking for a patient, beside the title (the front desk's only), handed the way to show what it booked:
   * drawn by the staff app, so this list does not depend on the booking feature that depends on it.
   */
  booking?: (openBooked: (entry: DayListEntry) => void) => ReactNode;
}

/**
 * A day's appointments at the facility (today unless another date is chosen), found by name, phone, booking
 * reference, ID number or HN and filtered by status; asked again every 5 seconds. The same search across every date
 * lists what it finds on other days below. A row opens the appointment and its actions.
 */
export function DayListScreen({ facilityId, facilityName, roles, booking }: DayListScreenProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const today = todayInBangkok();
  const [date, setDate] = useState(today);
  const [status, setStatus] = useState<AppointmentStatus | null>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [clinicId, setClinicId] = useState<string | null>(null);
  const [ownSessions, setOwnSessions] = useOwnSessions();
  const isClinician = roles.includes('clinician');
  const clinics = useClinics(facilityId);
  const clinicList = clinics.data ?? [];
  // A clinic chosen before and since removed is no filter.
  const chosenClinic = clinicList.some((c) => c.id === clinicId) ? clinicId : null;

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const list = useDayList(facilityId, {
    date,
    status,
    q,
    clinicId: chosenClinic,
    ownSessions: isClinician && ownSessions,
  });
  const entries = list.data ?? [];
  const searching = q.trim().length >= SEARCH_MIN_LENGTH;
  const search = useAppointmentSearch(facilityId, q);
  const elsewhere = searching ? (search.data ?? []).filter((e) => bangkokDateOf(e.start) !== date) : [];
  const openOn = (chosen: DayListEntry) => {
    setLastOpen(chosen);
    setOpenId(chosen.id);
  };
  // The open appointment follows the list as it refreshes; it stays open with its last state if a filter hides it.
  const [lastOpen, setLastOpen] = useState<DayListEntry | null>(null);
  const open = entries.find((e) => e.id === openId) ?? (lastOpen?.id === openId ? lastOpen : null);
  const filtered = status !== null || q.trim() !== '' || chosenClinic !== null || (isClinician && ownSessions);
  const thisYear = Number(today.slice(0, 4));

  const clearFilters = () => {
    setStatus(null);
    setClinicId(null);
    setOwnSessions(false);
    setTyped('');
    setQ('');
  };

  let body;
  if (list.isPending) {
    body = <LoadingState label={t('day.loading')} />;
  } else if (list.isError && !list.data) {
    body = <StaffLoadError error={list.error} onRetry={() => void list.refetch()} />;
  } else if (entries.length === 0 && elsewhere.length > 0) {
    body = <Typography color="text.secondary">{t('day.emptyHereFoundElsewhere')}</Typography>;
  } else if (entries.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<EventNoteIcon />}
        title={t('day.emptyFiltered')}
        description={t('day.emptyFilteredBody')}
        action={
          <Button variant="outlined" onClick={clearFilters}>
            {t('day.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<EventNoteIcon />} title={t('day.empty')} description={t('day.emptyBody')} />
    );
  } else {
    body = (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box
          aria-hidden
          sx={{
            ...ROW_GRID,
            display: { xs: 'none', md: 'grid' },
            px: 2,
            py: 1,
            borderLeft: 4,
            borderLeftColor: 'transparent',
            bgcolor: 'background.default',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {(['time', 'queue', 'patient', 'symptoms', 'deposit', 'status'] as const).map((column) => (
            <Typography key={column} variant="body2" color="text.secondary" sx={{ gridArea: column, fontWeight: 600 }}>
              {t(`day.columns.${column}`)}
            </Typography>
          ))}
        </Box>
        <Box component="ul" aria-label={t('day.listLabel')} sx={{ m: 0, p: 0 }}>
          {entries.map((entry) => (
            <DayListRow key={entry.id} entry={entry} lang={lang} onOpen={openOn} />
          ))}
        </Box>
      </Paper>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}
      >
        <PageTitle subtitle={formatDateWithWeekday(t, date, lang)}>
          {date === today ? t('day.title') : t('day.titleOtherDay')}
        </PageTitle>
        {booking?.((entry) => {
          setDate(bangkokDateOf(entry.start));
          openOn(entry);
        })}
      </Box>
      <Box
        role="search"
        aria-label={t('day.filtersLabel')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: '1fr 1fr',
            // With a clinic to choose, the search gives it room; the date keeps enough for its three boxes and "today".
            md:
              clinicList.length > 1
                ? 'minmax(200px, 1.1fr) minmax(140px, 0.8fr) minmax(170px, 0.9fr) minmax(370px, 2fr)'
                : 'minmax(220px, 1.4fr) minmax(150px, 0.8fr) minmax(340px, 1.6fr)',
          },
          alignItems: 'start',
        }}
      >
        <TextField
          id="day-search"
          type="search"
          label={t('day.search')}
          helperText={t('day.searchHint')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
        />
        <TextField
          select
          id="day-status"
          label={t('day.status')}
          value={status ?? ''}
          onChange={(e) => setStatus(isStatus(e.target.value) ? e.target.value : null)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('day.allStatuses')}</option>
          {DAY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </TextField>
        {clinicList.length > 1 ? (
          <TextField
            select
            id="day-clinic"
            label={t('day.clinic')}
            value={chosenClinic ?? ''}
            onChange={(e) => setClinicId(e.target.value || null)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('day.allClinics')}</option>
            {clinicList.map((c) => (
              <option key={c.id} value={c.id}>
                {`${c.queuePrefix} · ${clinicName(c, lang)}`}
              </option>
            ))}
          </TextField>
        ) : null}
        <DayWithToday
          label={t('day.date')}
          name="date"
          todayLabel={t('day.today')}
          value={date}
          today={today}
          onChange={setDate}
          fromYear={thisYear - 1}
          toYear={thisYear + 1}
        />
      </Box>
      {isClinician ? (
        <FormControlLabel
          control={<Switch checked={ownSessions} onChange={(e) => setOwnSessions(e.target.checked)} />}
          label={t('day.ownSessions')}
        />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{list.data ? t('day.count', { count: entries.length }) : null}</Typography>
        {list.dataUpdatedAt > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('day.autoRefresh', { time: formatClock(new Date(list.dataUpdatedAt).toISOString()) })}
          </Typography>
        ) : null}
      </Box>
      {list.isError && list.data ? <Alert severity="warning">{t('day.refreshFailed')}</Alert> : null}
      {body}
      {elsewhere.length > 0 ? (
        <OtherDaysMatches
          entries={elsewhere}
          onOpen={(chosen) => {
            setDate(bangkokDateOf(chosen.start));
            openOn(chosen);
          }}
        />
      ) : null}
      {open ? (
        <AppointmentDialog
          facilityId={facilityId}
          facilityName={facilityName}
          entry={open}
          roles={roles}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </Stack>
  );
}
