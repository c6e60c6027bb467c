import type { Allergy, Condition, RecordedBy } from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { appLanguage } from '../../../i18n/language';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { AllergyBanner } from './AllergyBanner';
import { AllergyEntryForm, ConditionEntryForm } from './BackgroundEntryForms';
import { type BackgroundChange, useBackgroundChange } from './day.queries';

export interface HealthBackgroundPanelProps {
  facilityId: string;
  appointmentId: string;
  allergies: readonly Allergy[];
  conditions: readonly Condition[];
  /** In care: the clinician may add entries and remove the facility's own; a record opened outside care only reads. */
  canChange: boolean;
}

/**
 * The patient's allergies and long-term conditions at the head of the record: the banner, who wrote each entry, and in
 * care the clinician's own additions; an entry this facility wrote may be removed here, any other only by its author.
 */
export function HealthBackgroundPanel({
  facilityId,
  appointmentId,
  allergies,
  conditions,
  canChange,
}: HealthBackgroundPanelProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const change = useBackgroundChange(facilityId, appointmentId);
  const [adding, setAdding] = useState<'allergies' | 'conditions' | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  /** The entry whose removal waits for a second press: nothing leaves the patient's record on one slip. */
  const [confirming, setConfirming] = useState<string | null>(null);

  const who = (by: RecordedBy) =>
    by.by === 'patient'
      ? t('background.byPatient')
      : t('background.byClinician', {
          clinician: by.clinician,
          facility: lang === 'th' ? by.facility.nameTh : by.facility.nameEn,
        });
  const ours = (by: RecordedBy) => canChange && by.by === 'clinician' && by.facility.id === facilityId;
  const save = (c: BackgroundChange) => change.mutateAsync(c).then(() => setAdding(null));
  const remove = (of: 'allergies' | 'conditions', id: string) => {
    setRemoveError(null);
    setConfirming(null);
    change.mutate(
      { kind: 'remove', of, id },
      { onError: (error) => setRemoveError(staffErrorMessage(t, error, lang)) },
    );
  };
  const detail = (entry: Allergy | Condition) => {
    const of = 'substance' in entry ? 'allergies' : 'conditions';
    const name = 'substance' in entry ? entry.substance : entry.name;
    return (
      <>
        <Typography variant="body2" color="text.secondary">
          {who(entry.recordedBy)}
        </Typography>
        {ours(entry.recordedBy) && confirming !== entry.id ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={() => setConfirming(entry.id)}
            disabled={change.isPending}
          >
            {t('background.remove', { name })}
          </Button>
        ) : null}
        {confirming === entry.id ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
            <Button size="small" variant="contained" color="error" onClick={() => remove(of, entry.id)}>
              {t('background.confirmRemove', { name })}
            </Button>
            <Button size="small" onClick={() => setConfirming(null)}>
              {t('background.keep')}
            </Button>
          </Box>
        ) : null}
      </>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <AllergyBanner allergies={allergies} conditions={conditions} detail={detail} />
      {removeError ? <Alert severity="error">{removeError}</Alert> : null}
      {canChange ? (
        adding ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" component="h5" sx={{ fontWeight: 600, mb: 1.5 }}>
              {t(adding === 'allergies' ? 'background.addAllergy' : 'background.addCondition')}
            </Typography>
            {adding === 'allergies' ? (
              <AllergyEntryForm
                onSave={(body) => save({ kind: 'add', of: 'allergies', body })}
                onCancel={() => setAdding(null)}
              />
            ) : (
              <ConditionEntryForm
                onSave={(body) => save({ kind: 'add', of: 'conditions', body })}
                onCancel={() => setAdding(null)}
              />
            )}
          </Paper>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding('allergies')}>
              {t('background.addAllergy')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding('conditions')}>
              {t('background.addCondition')}
            </Button>
          </Box>
        )
      ) : null}
    </Box>
  );
}
