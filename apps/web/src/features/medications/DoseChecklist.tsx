import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LocalPharmacyIcon from '@mui/icons-material/LocalPharmacy';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../lib/error-messages';
import {
  dosePanels,
  findMedicineLink,
  firstDuePanel,
  formatClock,
  formatUnits,
  medicineName,
  panelTitle,
  type DosePanel,
} from './medications-format';
import type { ShownChecklist, ShownDose } from './dose-outbox';
import { useTickDose } from './medications.queries';
import { useMedicationsTexts } from './medications.texts';
import { writtenLanguage } from '../../lib/written-language';

export interface DoseChecklistProps {
  /** The server's checklist with the ticks not sent yet drawn over it (dose-outbox.ts `withQueuedTicks`). */
  checklist: ShownChecklist;
  /** Shown to a caregiver whose grant does not cover ticking: the boxes cannot be changed. */
  readOnly?: boolean;
}

/**
 * A day's doses in expandable panels, one per time of day, the first with a dose still due open.
 * Mount it with `key={date}`: the open panels start afresh for each day.
 */
export function DoseChecklist({ checklist, readOnly = false }: DoseChecklistProps) {
  const { t } = useMedicationsTexts();
  const tick = useTickDose();
  const panels = dosePanels(checklist.doses);
  const [open, setOpen] = useState<Set<string>>(() => {
    const first = firstDuePanel(panels);
    return new Set(first ? [first] : []);
  });

  const toggle = (key: string, expanded: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (expanded) next.add(key);
      else next.delete(key);
      return next;
    });

  return (
    <Stack spacing={1.5}>
      {tick.isError ? (
        <Alert severity="error" onClose={() => tick.reset()}>
          {apiErrorMessage(t, tick.error)}
        </Alert>
      ) : null}
      {checklist.doses.some((d) => d.waiting) ? (
        <Alert severity="info" role="status" icon={<CloudUploadOutlinedIcon />}>
          {t('checklist.waitingNote')}
        </Alert>
      ) : null}
      <Box role="list" aria-label={t('checklist.panelsLabel')}>
        {panels.map((panel) => (
          <Box role="listitem" key={panel.key} sx={{ mb: 1 }}>
            <DosePanelView
              panel={panel}
              expanded={open.has(panel.key)}
              onToggle={(expanded) => toggle(panel.key, expanded)}
              readOnly={readOnly}
              onTick={(dose, taken) =>
                tick.mutate({ date: checklist.date, medicationId: dose.medicationId, doseTime: dose.doseTime, taken })
              }
            />
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

interface DosePanelViewProps {
  panel: DosePanel<ShownDose>;
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  onTick: (dose: ShownDose, taken: boolean) => void;
  readOnly: boolean;
}

function DosePanelView({ panel, expanded, onToggle, onTick, readOnly }: DosePanelViewProps) {
  const { t } = useMedicationsTexts();
  const headingId = useId();
  const taken = panel.doses.filter((d) => d.taken).length;
  const done = taken === panel.doses.length;
  const title = panelTitle(panel, t);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_e, next) => onToggle(next)}
      disableGutters
      variant="outlined"
      sx={{ borderRadius: 3, '&::before': { display: 'none' }, overflow: 'hidden' }}
      slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headingId}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', pr: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('checklist.panelCount', { count: panel.doses.length })}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={done ? 'success' : 'default'}
            label={t('checklist.panelSummary', { taken, due: panel.doses.length })}
          />
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {panel.doses.map((dose) => (
            <DoseRow
              key={`${dose.medicationId}-${dose.doseTime}`}
              dose={dose}
              readOnly={readOnly}
              onTick={(next) => onTick(dose, next)}
            />
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

function DoseRow({ dose, onTick, readOnly }: { dose: ShownDose; onTick: (taken: boolean) => void; readOnly: boolean }) {
  const { t } = useMedicationsTexts();
  const labelId = useId();
  const name = medicineName(dose);
  return (
    <Box
      component="li"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 1,
        bgcolor: dose.taken ? 'rgba(46,125,50,0.06)' : 'background.paper',
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Checkbox
          checked={dose.taken}
          disabled={readOnly}
          onChange={(e) => onTick(e.target.checked)}
          slotProps={{ input: { 'aria-labelledby': labelId } }}
          sx={{ mt: -0.5 }}
        />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={labelId} sx={{ fontWeight: 500, textDecoration: dose.taken ? 'line-through' : 'none' }}>
            {name} · {formatUnits(dose.amount, dose.form, t)}
          </Typography>
          {dose.instructions ? (
            <Typography variant="body2" color="text.secondary" lang={writtenLanguage(dose.instructions)}>
              {dose.instructions}
            </Typography>
          ) : null}
          {dose.taken && dose.takenAt ? (
            <Typography variant="caption" component="p" color="success.dark">
              {t('checklist.takenAt', { time: formatClock(dose.takenAt) })}
            </Typography>
          ) : null}
          {dose.waiting ? (
            <Chip
              variant="outlined"
              icon={<CloudUploadOutlinedIcon />}
              label={t('checklist.waiting')}
              sx={{
                mt: 0.75,
                display: 'flex',
                width: 'fit-content',
                fontWeight: 600,
                color: 'text.primary',
                borderColor: 'grey.500',
              }}
            />
          ) : null}
          {dose.runningLow ? (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'warning.dark', mt: 0.5 }}>
              <WarningAmberIcon fontSize="small" aria-hidden />
              <Typography variant="body2">
                {dose.daysOfStockLeft === 0 || dose.stock === 0
                  ? t('stock.runOut')
                  : t('stock.runningLow', { days: dose.daysOfStockLeft ?? 0 })}
              </Typography>
            </Stack>
          ) : null}
          <Button
            component={Link}
            to={findMedicineLink(dose)}
            size="small"
            startIcon={<LocalPharmacyIcon />}
            aria-label={t('checklist.findNamed', { name })}
            sx={{ mt: 0.5, ml: -1 }}
          >
            {t('checklist.find')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
