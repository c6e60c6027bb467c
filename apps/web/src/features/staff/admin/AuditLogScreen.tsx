import { todayInBangkok, type AuditLogEntry, type FacilityStaffMember } from '@klaimor/contracts';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { DayWithToday } from '../shared/DayWithToday';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingState } from '../../../components/LoadingState';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { StaffLoadError } from '../shared/StaffLoadError';
import { formatClock, formatDateWithWeekday, roleName } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { useAuditLog, useFacilityStaff } from './admin.queries';
import { auditEntryAction } from './audit-format';

/**
 * The facility's audit trail, for its admin: one day at a time (today first), everyone's or one member's, newest
 * first, 50 entries and then more on request. Each entry says when, who in which role, what, and the patient
 * (by a code that names nobody) or the member it concerned.
 */
export function AuditLogScreen({ facilityId }: { facilityId: string }) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const today = todayInBangkok();
  const thisYear = Number(today.slice(0, 4));
  const [date, setDate] = useState(today);
  const [memberId, setMemberId] = useState<string | null>(null);
  const members = useFacilityStaff(facilityId);
  const log = useAuditLog(facilityId, { date, memberId });
  const entries = log.data?.pages.flat() ?? [];
  const chosen: FacilityStaffMember | undefined = members.data?.find((m) => m.id === memberId);

  const who = (e: AuditLogEntry) => (
    <>
      <Typography component="span" sx={{ fontWeight: 500, display: 'block' }}>
        {e.member?.displayName ?? t('audit.nobody')}
      </Typography>
      {e.role ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {roleName(t, e.role)}
        </Typography>
      ) : null}
    </>
  );
  const concerning = (e: AuditLogEntry) =>
    e.patientRef ? t('audit.patient', { ref: e.patientRef }) : (e.subject?.displayName ?? '');
  const time = (e: AuditLogEntry) => t('audit.time', { time: formatClock(e.at) });

  let body;
  if (log.isPending) {
    body = <LoadingState label={t('audit.loading')} />;
  } else if (log.isError && !log.data) {
    body = <StaffLoadError error={log.error} onRetry={() => void log.refetch()} />;
  } else if (entries.length === 0) {
    body = chosen ? (
      <EmptyState
        icon={<ManageSearchIcon />}
        title={t('audit.emptyMember', { name: chosen.displayName })}
        description={t('audit.emptyMemberBody')}
        action={
          <Button variant="outlined" onClick={() => setMemberId(null)}>
            {t('audit.showEveryone')}
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<ManageSearchIcon />} title={t('audit.empty')} description={t('audit.emptyBody')} />
    );
  } else {
    body = (
      <Stack spacing={2}>
        {phone ? (
          <Stack component="ul" aria-label={t('audit.listLabel')} spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {entries.map((e) => (
              <Paper component="li" key={e.id} variant="outlined" sx={{ p: 1.5, borderRadius: 2 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {time(e)} · {auditEntryAction(t, e)}
                </Typography>
                <Typography variant="body2">
                  {e.member?.displayName ?? t('audit.nobody')}
                  {e.role ? ` · ${roleName(t, e.role)}` : ''}
                </Typography>
                {concerning(e) ? (
                  <Typography variant="body2" color="text.secondary">
                    {concerning(e)}
                  </Typography>
                ) : null}
              </Paper>
            ))}
          </Stack>
        ) : (
          <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
            <Table
              size="small"
              aria-label={t('audit.listLabel')}
              sx={{ '& td, & th': { py: 1, verticalAlign: 'top' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 100 }}>{t('audit.columns.time')}</TableCell>
                  <TableCell>{t('audit.columns.member')}</TableCell>
                  <TableCell>{t('audit.columns.action')}</TableCell>
                  <TableCell>{t('audit.columns.concerning')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => (
                  <TableRow key={e.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{time(e)}</TableCell>
                    <TableCell>{who(e)}</TableCell>
                    <TableCell>{auditEntryAction(t, e)}</TableCell>
                    <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{concerning(e)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {log.isFetchNextPageError ? <Alert severity="error">{t('audit.loadMoreFailed')}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          {log.hasNextPage ? (
            <Button variant="outlined" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
              {t('audit.loadMore')}
            </Button>
          ) : (
            <Typography color="text.secondary">{t('audit.end')}</Typography>
          )}
          {entries.some((e) => e.patientRef) ? (
            <Typography variant="body2" color="text.secondary">
              {t('audit.patientHint')}
            </Typography>
          ) : null}
        </Box>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <PageTitle subtitle={t('audit.intro')}>{t('audit.title')}</PageTitle>
      <Box
        role="search"
        aria-label={t('audit.filtersLabel')}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(340px, 1.4fr) minmax(220px, 1fr)' },
          alignItems: 'start',
          maxWidth: 900,
        }}
      >
        <DayWithToday
          label={t('audit.date')}
          name="audit-date"
          todayLabel={t('audit.today')}
          value={date}
          today={today}
          onChange={setDate}
          fromYear={thisYear - 2}
          toYear={thisYear}
        />
        <TextField
          select
          id="audit-member"
          label={t('audit.member')}
          value={memberId ?? ''}
          onChange={(e) => setMemberId(e.target.value || null)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ mt: { md: 4.25 } }}
        >
          <option value="">{t('audit.allMembers')}</option>
          {(members.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.displayName}
            </option>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{formatDateWithWeekday(t, date, lang)}</Typography>
        {log.data && entries.length > 0 ? (
          <Typography color="text.secondary">
            {log.hasNextPage
              ? t('audit.countMore', { count: entries.length })
              : t('audit.count', { count: entries.length })}
          </Typography>
        ) : null}
      </Box>
      {body}
    </Stack>
  );
}
