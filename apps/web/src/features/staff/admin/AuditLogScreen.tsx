import {
  AUDIT_ACTION_GROUPS,
  AUDIT_LOG_EXPORT_MAX,
  AUDIT_LOG_MAX_DAYS,
  addDays,
  auditActionsOf,
  daysInRange,
  todayInBangkok,
  type AuditActionFilter,
  type AuditLogEntry,
} from '@klaimor/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { isApiError } from '../../../api/client';
import { DateSelectField } from '../../../components/DateSelectField';
import { EmptyState } from '../../../components/EmptyState';
import { LoadingState } from '../../../components/LoadingState';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { writtenLanguage } from '../../../lib/written-language';
import { saveFile } from '../../../lib/save-file';
import { StaffLoadError } from '../shared/StaffLoadError';
import { formatClock, formatDateWithWeekday } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { useAuditExport, useAuditLog, useFacilityStaff, type AuditFilter } from './admin.queries';
import { auditCsv } from './audit-csv';
import {
  auditActionName,
  auditActor,
  auditDetailLines,
  auditEntryAction,
  auditGroupName,
  type AuditNames,
} from './audit-format';

const PRESETS = { today: 1, last7: 7, last30: 30, last90: 90 } as const;
type Preset = keyof typeof PRESETS | 'custom';
const isPreset = (value: string): value is Preset => value === 'custom' || value in PRESETS;

/** A patient's code as typed or copied ('#1a2b3c4d', ' 1A2B 3C4D'): its 8 hex digits upper case, or null. */
function patientRefOf(typed: string): string | null {
  const ref = typed.replace(/[\s#]/g, '').toUpperCase();
  return /^[0-9A-F]{8}$/.test(ref) ? ref : null;
}

/**
 * The facility's audit trail, for its admin: a range of days (today first), everyone's or one member's, one action
 * or a group of them, one patient (by a code that names nobody), newest first, 50 entries and then more on request.
 * Each entry says when, who in which role, what and what it changed, and the patient or the member it concerned. The
 * filters' whole result downloads as a CSV file, which the server records.
 */
export function AuditLogScreen({ facilityId }: { facilityId: string }) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const today = todayInBangkok();
  const thisYear = Number(today.slice(0, 4));
  const [preset, setPreset] = useState<Preset>('today');
  const [custom, setCustom] = useState({ from: today, to: today });
  const [memberId, setMemberId] = useState<string | null>(null);
  const [action, setAction] = useState<AuditActionFilter | null>(null);
  const [refTyped, setRefTyped] = useState('');
  const [refTouched, setRefTouched] = useState(false);
  const members = useFacilityStaff(facilityId);
  const exporting = useAuditExport(facilityId);

  const range = preset === 'custom' ? custom : { from: addDays(today, 1 - PRESETS[preset]), to: today };
  let rangeError: string | null = null;
  if (!range.from || !range.to) rangeError = null;
  else if (range.from > range.to) rangeError = t('audit.rangeReversed');
  else if (daysInRange(range.from, range.to) > AUDIT_LOG_MAX_DAYS) rangeError = t('audit.rangeTooLong');
  const patientRef = patientRefOf(refTyped);
  const refWrong = refTyped.trim() !== '' && patientRef === null;
  const ready = Boolean(range.from && range.to) && rangeError === null && !refWrong;
  const filter: AuditFilter = { from: range.from, to: range.to, memberId, action, patientRef };
  const log = useAuditLog(facilityId, filter, ready);
  const entries = log.data?.pages.flat() ?? [];
  const filtered = memberId !== null || action !== null || refTyped !== '' || preset !== 'today';

  const names: AuditNames = { memberName: (id) => members.data?.find((m) => m.id === id)?.displayName };
  const clearFilters = () => {
    setPreset('today');
    setCustom({ from: today, to: today });
    setMemberId(null);
    setAction(null);
    setRefTyped('');
    setRefTouched(false);
    exporting.reset();
  };
  const followPatient = (ref: string) => {
    setRefTyped(ref);
    setRefTouched(false);
  };
  const download = async () => {
    const wanted = filter;
    const all = await exporting.mutateAsync(wanted);
    const csv = auditCsv(t, lang, all, names);
    saveFile(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      `audit-${facilityId}-${wanted.from}_${wanted.to}.csv`,
    );
  };
  let downloadNote = null;
  if (exporting.isError) {
    const tooMany = isApiError(exporting.error) && exporting.error.code === 'audit_export_too_large';
    downloadNote = (
      <Alert severity={tooMany ? 'warning' : 'error'}>
        {tooMany
          ? t('audit.tooManyToDownload', {
              limit: AUDIT_LOG_EXPORT_MAX.toLocaleString(lang === 'en' ? 'en-GB' : 'th-TH'),
            })
          : t('audit.downloadFailed')}
      </Alert>
    );
  } else if (exporting.isSuccess) {
    downloadNote = (
      <Alert severity="success" onClose={() => exporting.reset()}>
        {t('audit.downloaded', { count: exporting.data.length })}
      </Alert>
    );
  }

  const who = (e: AuditLogEntry) => {
    const actor = auditActor(t, e);
    return (
      <>
        <Typography component="span" lang={writtenLanguage(actor.name)} sx={{ fontWeight: 500, display: 'block' }}>
          {actor.name}
        </Typography>
        {actor.role ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {actor.role}
          </Typography>
        ) : null}
      </>
    );
  };
  const what = (e: AuditLogEntry) => (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
        {auditEntryAction(t, lang, e)}
      </Typography>
      {/* A record opened outside care stands out: it is the entry an admin has to be able to explain. */}
      {e.details?.kind === 'break_glass' ? (
        <Chip size="small" color="warning" label={t('audit.outsideCare')} sx={{ my: 0.5 }} />
      ) : null}
      {auditDetailLines(t, lang, e, names).map((line) => (
        <Typography
          key={line}
          component="span"
          variant="body2"
          color="text.secondary"
          lang={lang === 'th' ? undefined : writtenLanguage(line)}
          sx={{ display: 'block' }}
        >
          {line}
        </Typography>
      ))}
    </>
  );
  const concerning = (e: AuditLogEntry) =>
    e.patientRef ? (
      <Button
        variant="text"
        size="small"
        aria-label={t('audit.filterPatient', { ref: e.patientRef })}
        onClick={() => followPatient(e.patientRef!)}
        sx={{ p: 0, minWidth: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums', textAlign: 'start' }}
      >
        {t('audit.patient', { ref: e.patientRef })}
      </Button>
    ) : e.subject ? (
      <span lang={writtenLanguage(e.subject.displayName)}>{e.subject.displayName}</span>
    ) : (
      ''
    );
  const when = (e: AuditLogEntry) => (
    <>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {formatBuddhistDate(todayInBangkok(new Date(e.at)), lang, 'short')}
      </Typography>
      <Typography component="span" sx={{ display: 'block' }}>
        {t('audit.time', { time: formatClock(e.at) })}
      </Typography>
    </>
  );

  let body;
  if (!ready) {
    body = null;
  } else if (log.isPending) {
    body = <LoadingState label={t('audit.loading')} />;
  } else if (log.isError && !log.data) {
    body = <StaffLoadError error={log.error} onRetry={() => void log.refetch()} />;
  } else if (entries.length === 0) {
    body = (
      <EmptyState
        icon={<ManageSearchIcon />}
        title={t('audit.empty')}
        description={t('audit.emptyBody')}
        action={
          filtered ? (
            <Button variant="outlined" onClick={clearFilters}>
              {t('audit.clearFilters')}
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <Stack spacing={2}>
        {phone ? (
          <Stack component="ul" aria-label={t('audit.listLabel')} spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {entries.map((e) => (
              <Paper component="li" key={e.id} variant="outlined" sx={{ p: 1.5, borderRadius: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {formatBuddhistDate(todayInBangkok(new Date(e.at)), lang, 'short')} ·{' '}
                  {t('audit.time', { time: formatClock(e.at) })}
                </Typography>
                <Box>{what(e)}</Box>
                <Typography variant="body2">
                  <span lang={writtenLanguage(auditActor(t, e).name)}>{auditActor(t, e).name}</span>
                  {auditActor(t, e).role ? ` · ${auditActor(t, e).role}` : ''}
                </Typography>
                {e.patientRef || e.subject ? <Box>{concerning(e)}</Box> : null}
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
                  <TableCell sx={{ width: 120 }}>{t('audit.columns.time')}</TableCell>
                  <TableCell sx={{ width: '22%' }}>{t('audit.columns.member')}</TableCell>
                  <TableCell>{t('audit.columns.action')}</TableCell>
                  <TableCell sx={{ width: '18%' }}>{t('audit.columns.concerning')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((e) => (
                  <TableRow key={e.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e)}</TableCell>
                    <TableCell>{who(e)}</TableCell>
                    <TableCell>{what(e)}</TableCell>
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

  const shownRange =
    range.from === range.to
      ? formatDateWithWeekday(t, range.from, lang)
      : t('audit.rangeShown', {
          from: formatBuddhistDate(range.from, lang, 'short'),
          to: formatBuddhistDate(range.to, lang, 'short'),
        });

  return (
    <Stack spacing={2}>
      <PageTitle subtitle={t('audit.intro')}>{t('audit.title')}</PageTitle>
      <Paper
        variant="outlined"
        role="search"
        aria-label={t('audit.filtersLabel')}
        sx={{ p: { xs: 1.5, md: 2 }, borderRadius: 2 }}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: '1fr',
              sm: '1fr 1fr',
              md: 'minmax(150px, 0.8fr) minmax(170px, 1fr) minmax(220px, 1.3fr) minmax(150px, 0.8fr)',
            },
            alignItems: 'start',
          }}
        >
          <TextField
            select
            size="small"
            id="audit-range"
            label={t('audit.range')}
            value={preset}
            onChange={(e) => {
              if (!isPreset(e.target.value)) return;
              if (e.target.value === 'custom' && preset !== 'custom') setCustom(range);
              setPreset(e.target.value);
            }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {(['today', 'last7', 'last30', 'last90', 'custom'] as const).map((p) => (
              <option key={p} value={p}>
                {t(`audit.ranges.${p}`)}
              </option>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            id="audit-member"
            label={t('audit.member')}
            value={memberId ?? ''}
            onChange={(e) => setMemberId(e.target.value || null)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('audit.allMembers')}</option>
            {(members.data ?? []).map((m) => (
              <option key={m.id} value={m.id} lang={writtenLanguage(m.displayName)}>
                {m.displayName}
              </option>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            id="audit-action"
            label={t('audit.action')}
            value={action ?? ''}
            onChange={(e) => setAction((e.target.value || null) as AuditActionFilter | null)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('audit.allActions')}</option>
            {AUDIT_ACTION_GROUPS.map((group) => (
              <optgroup key={group} label={auditGroupName(t, group)}>
                <option value={group}>{t('audit.allOfGroup', { group: auditGroupName(t, group) })}</option>
                {auditActionsOf(group).map((code) => (
                  <option key={code} value={code}>
                    {auditActionName(t, code)}
                  </option>
                ))}
              </optgroup>
            ))}
          </TextField>
          <TextField
            size="small"
            id="audit-patient"
            label={t('audit.patientRef')}
            value={refTyped}
            onChange={(e) => setRefTyped(e.target.value.slice(0, 12))}
            onBlur={() => setRefTouched(true)}
            error={refWrong && (refTouched || refTyped.replace(/[\s#]/g, '').length >= 8)}
            helperText={
              refWrong && (refTouched || refTyped.replace(/[\s#]/g, '').length >= 8)
                ? t('audit.patientRefInvalid')
                : t('audit.patientRefHint')
            }
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { autoComplete: 'off', spellCheck: false, style: { textTransform: 'uppercase' } },
            }}
          />
        </Box>
        {preset === 'custom' ? (
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              mt: 1.5,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 420px))' },
            }}
          >
            <DateSelectField
              label={t('audit.from')}
              name="audit-from"
              value={custom.from}
              onChange={(from) => setCustom((c) => ({ ...c, from }))}
              fromYear={thisYear - 5}
              toYear={thisYear}
              error={rangeError !== null}
              helperText={rangeError ?? undefined}
            />
            <DateSelectField
              label={t('audit.to')}
              name="audit-to"
              value={custom.to}
              onChange={(to) => setCustom((c) => ({ ...c, to }))}
              fromYear={thisYear - 5}
              toYear={thisYear}
              error={rangeError !== null}
            />
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={!ready}
            loading={exporting.isPending}
            loadingPosition="start"
            onClick={() => void download().catch(() => undefined)}
          >
            {t('audit.download')}
          </Button>
          {filtered ? (
            <Button variant="text" onClick={clearFilters}>
              {t('audit.clearFilters')}
            </Button>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 260px' }}>
            {t('audit.downloadHint')}
          </Typography>
        </Box>
      </Paper>
      {downloadNote}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 600 }}>
          {shownRange}
        </Typography>
        {ready && log.data && entries.length > 0 ? (
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
