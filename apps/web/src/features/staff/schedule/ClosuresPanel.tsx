import type { Closure, Schedule } from '@klaimor/contracts';
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { appLanguage } from '../../../i18n/language';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { PanelSection } from '../shared/PanelSection';
import { staffErrorMessage } from '../shared/staff-errors';
import { formatDateWithWeekday } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { CloseDayForm } from './CloseDayForm';
import { PublicHolidaysDialog } from './PublicHolidaysDialog';
import { useReopenDay } from './schedule.queries';

export interface ClosuresPanelProps {
  facilityId: string;
  schedule: Schedule;
  canEdit: boolean;
}

/** The closed days from today on: an admin closes a day (or the year's public holidays) and opens one again. */
export function ClosuresPanel({ facilityId, schedule, canEdit }: ClosuresPanelProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const reopen = useReopenDay(facilityId);
  const [closing, setClosing] = useState(false);
  const [holidays, setHolidays] = useState(false);
  const [reopening, setReopening] = useState<Closure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const short = (date: string) => formatBuddhistDate(date, lang, 'short');

  const confirmReopen = async () => {
    if (!reopening) return;
    try {
      await reopen.mutateAsync(reopening.date);
      setNotice(t('closures.reopened', { date: short(reopening.date) }));
      setReopening(null);
    } catch {
      // shown in the dialog
    }
  };

  const actions = canEdit ? (
    <>
      <Button variant="contained" startIcon={<EventBusyIcon />} onClick={() => setClosing(true)}>
        {t('closures.closeDay')}
      </Button>
      <Button variant="outlined" onClick={() => setHolidays(true)}>
        {t('closures.publicHolidays')}
      </Button>
    </>
  ) : null;

  return (
    <PanelSection title={t('closures.title')} intro={t('closures.intro')} actions={actions}>
      {schedule.closures.length === 0 ? (
        <EmptyState
          icon={<EventAvailableIcon />}
          title={t('closures.empty')}
          description={canEdit ? t('closures.emptyAdmin') : undefined}
        />
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
          <Table size="small" sx={{ '& td, & th': { py: 1.25 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('closures.columns.date')}</TableCell>
                <TableCell>{t('closures.columns.reason')}</TableCell>
                {canEdit ? <TableCell align="right">{t('closures.columns.actions')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {schedule.closures.map((closure) => (
                <TableRow key={closure.date} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{formatDateWithWeekday(t, closure.date, lang)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{closure.reason}</TableCell>
                  {canEdit ? (
                    <TableCell align="right">
                      <Button
                        size="small"
                        onClick={() => {
                          reopen.reset();
                          setReopening(closure);
                        }}
                        aria-label={t('closures.reopenNamed', { date: short(closure.date) })}
                      >
                        {t('closures.reopen')}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <FormDialog open={closing} title={t('closures.form.title')} onClose={() => setClosing(false)}>
        <CloseDayForm
          facilityId={facilityId}
          onCancel={() => setClosing(false)}
          onClosed={(closure) => {
            setClosing(false);
            const date = short(closure.date);
            const count = closure.cancelledAppointments ?? 0;
            setNotice(
              count > 0 ? t('closures.closedWithCancellations', { date, count }) : t('closures.closed', { date }),
            );
          }}
        />
      </FormDialog>
      <PublicHolidaysDialog
        facilityId={facilityId}
        open={holidays}
        onClose={() => setHolidays(false)}
        onClosed={(closed) => {
          setHolidays(false);
          setNotice(
            closed.length > 0 ? t('closures.holidays.done', { count: closed.length }) : t('closures.holidays.none'),
          );
        }}
      />
      <ConfirmDialog
        open={reopening !== null}
        title={reopening ? t('closures.confirmReopen.title', { date: short(reopening.date) }) : ''}
        body={t('closures.confirmReopen.body')}
        confirmLabel={t('closures.reopen')}
        busy={reopen.isPending}
        error={reopen.isError ? staffErrorMessage(t, reopen.error, lang) : null}
        onConfirm={() => void confirmReopen()}
        onClose={() => setReopening(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </PanelSection>
  );
}
