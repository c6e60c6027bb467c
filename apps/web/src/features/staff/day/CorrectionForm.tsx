import {
  allergyConflicts,
  type Allergy,
  EnteredInErrorBody,
  type Medication,
  PrescriptionAmendBody,
  type Visit,
  VisitAmendBody,
} from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type FieldErrors, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../../api/client';
import { appLanguage } from '../../../i18n/language';
import { contractResolver, numberFromText } from '../../../lib/form-resolver';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { AllergyOverrideField } from './AllergyOverrideField';
import { DoseWayFields } from './DoseWayFields';
import { type Correction, useCorrection } from './day.queries';
import { type DoseWayValues, doseWayInput, doseWayOf, emptyDoseWay, withItsWayOnly } from './dose-way';

/** What a correction is of: the visit recorded at this appointment, or one of its prescriptions still in force. */
export type CorrectionTarget = { of: 'visit'; visit: Visit } | { of: 'prescription'; medication: Medication };
export type CorrectionKind = 'amend' | 'entered-in-error';

/** The boxes, as text: the reason always, the visit's or the prescription's fields when amending. */
interface CorrectionValues {
  reason: string;
  findings: string;
  icd10: string;
  advice: string;
  drug: string;
  strength: string;
  /** How the amended prescription is taken, named as in the body so that its reasons land on its boxes. */
  prescription: DoseWayValues;
  days: string;
  instructions: string;
  allergyOverrideReason: string;
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The body of each correction from the boxes, validated by the contract the server validates with. */
const RESOLVERS = {
  visitAmend: (version: number) =>
    contractResolver(VisitAmendBody, (v: CorrectionValues) => ({
      expectedVersion: version,
      reason: v.reason,
      findings: v.findings,
      icd10: orNull(v.icd10),
      advice: orNull(v.advice),
    })),
  prescriptionAmend: (m: Medication) =>
    contractResolver(PrescriptionAmendBody, (v: CorrectionValues) => ({
      expectedVersion: m.version,
      reason: v.reason,
      prescription: {
        drug: v.drug,
        // The list's code (of the substance) stays with the drug it codes: a drug renamed is a drug in words.
        atcCode: v.drug.trim() === m.name ? m.atcCode : null,
        strength: orNull(v.strength),
        form: m.form,
        ...doseWayInput(v.prescription),
        days: numberFromText(v.days) as number,
        // A correction keeps what the prescription is: long-term or a course.
        longTerm: m.longTerm,
        instructions: orNull(v.instructions),
        allergyOverrideReason: v.allergyOverrideReason.trim() === '' ? undefined : v.allergyOverrideReason,
      },
    })),
  enteredInError: (version: number) =>
    contractResolver(EnteredInErrorBody, (v: CorrectionValues) => ({ expectedVersion: version, reason: v.reason })),
};

/** Days of a prescription from its first to its last day, both counted. */
function courseDays(m: Medication): string {
  if (!m.endDate) return '';
  return String(Math.round((Date.parse(m.endDate) - Date.parse(m.startDate)) / 86_400_000) + 1);
}

function initialValues(target: CorrectionTarget): CorrectionValues {
  if (target.of === 'visit') {
    const v = target.visit;
    return {
      reason: '',
      findings: v.diagnosis ?? '',
      icd10: v.icd10 ?? '',
      advice: v.notes ?? '',
      drug: '',
      strength: '',
      prescription: emptyDoseWay(),
      days: '',
      instructions: '',
      allergyOverrideReason: '',
    };
  }
  const m = target.medication;
  return {
    reason: '',
    findings: '',
    icd10: '',
    advice: '',
    drug: m.name,
    strength: m.strength ?? '',
    prescription: doseWayOf(m),
    days: courseDays(m),
    instructions: m.instructions ?? '',
    allergyOverrideReason: '',
  };
}

/** The error of a field, by the body's path ('prescription.drug') or the box's own name. */
function errorOf(errors: FieldErrors<CorrectionValues>, path: string): string | undefined {
  const found = path
    .split('.')
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], errors);
  return (found as { message?: string } | undefined)?.message;
}

/** The box a reason of the server lands on: the body's path, or the flat box a prescription's field is typed in. */
const FLAT_FIELDS = new Set(['drug', 'strength', 'days', 'instructions', 'allergyOverrideReason']);
function correctionField(key: string): FieldPath<CorrectionValues> | null {
  if (['reason', 'findings', 'icd10', 'advice'].includes(key)) return key as FieldPath<CorrectionValues>;
  const [head, field, ...rest] = key.split('.');
  if (head !== 'prescription' || field === undefined) return null;
  if (FLAT_FIELDS.has(field) && rest.length === 0) return field as FieldPath<CorrectionValues>;
  return ['doses', 'mealTiming', 'intervalDose', 'asNeeded'].includes(field)
    ? (key as FieldPath<CorrectionValues>)
    : null;
}

export interface CorrectionFormProps {
  facilityId: string;
  appointmentId: string;
  target: CorrectionTarget;
  kind: CorrectionKind;
  onDone: (message: string) => void;
  onCancel: () => void;
  /** The patient's allergies: an amended drug that falls under one asks for the reason it is still prescribed. */
  allergies?: readonly Allergy[];
}

/**
 * A clinician's correction of what was recorded at this visit: amended (the corrected fields) or entered in error,
 * always with a reason the patient reads. The earlier version is kept; the patient is told.
 */
export function CorrectionForm({
  facilityId,
  appointmentId,
  target,
  kind,
  onDone,
  onCancel,
  allergies = [],
}: CorrectionFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const correction = useCorrection(facilityId, appointmentId);
  const [formError, setFormError] = useState<string | null>(null);
  const version = target.of === 'visit' ? (target.visit.version ?? 1) : target.medication.version;
  const resolver = (
    kind === 'entered-in-error'
      ? RESOLVERS.enteredInError(version)
      : target.of === 'visit'
        ? RESOLVERS.visitAmend(version)
        : RESOLVERS.prescriptionAmend(target.medication)
  ) as Resolver<CorrectionValues, unknown, Correction['body']>;
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CorrectionValues, unknown, Correction['body']>({ resolver, defaultValues: initialValues(target) });
  const amendsDrug = kind === 'amend' && target.of === 'prescription';
  const conflicts = allergyConflicts(useWatch({ control, name: 'drug' }), amendsDrug ? allergies : []);
  const name =
    target.of === 'prescription' ? [target.medication.name, target.medication.strength].filter(Boolean).join(' ') : '';
  const idOf = (field: string) => `correction-${field}`;

  /** A text box of the form, its error worded from the body's path. */
  const box = (field: keyof CorrectionValues, label: string, path: string = field, extra: object = {}) => {
    const { ref, ...rest } = register(field);
    const message = fieldMessage(t, path.split('.').at(-1)!, errorOf(errors, path) ?? errorOf(errors, field));
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={idOf(field)}
        label={label}
        error={message !== undefined}
        helperText={message}
        fullWidth
        {...extra}
      />
    );
  };

  const save = handleSubmit(async (body) => {
    setFormError(null);
    if (conflicts.length > 0 && 'prescription' in body && !body.prescription.allergyOverrideReason) {
      setError(
        'allergyOverrideReason',
        { type: 'validate', message: 'allergy_override_required' },
        { shouldFocus: true },
      );
      return;
    }
    // Only the way the prescription is taken is sent, not the contract's defaults of the others.
    const sent = 'prescription' in body ? { ...body, prescription: withItsWayOnly(body.prescription) } : body;
    const c = (
      target.of === 'visit'
        ? { of: 'visit', kind, body: sent }
        : { of: 'prescription', medicationId: target.medication.id, kind, body: sent }
    ) as Correction;
    try {
      await correction.mutateAsync(c);
      onDone(t('correction.saved'));
    } catch (error) {
      // The server's reasons of a field go on that field; anything else above the buttons.
      const fields = isApiError(error) ? Object.entries(error.fields) : [];
      const placed = fields.flatMap(([key, reason]) => {
        const name = correctionField(key);
        return name ? [{ name, reason }] : [];
      });
      placed.forEach(({ name, reason }, i) =>
        setError(name, { type: 'server', message: reason }, { shouldFocus: i === 0 }),
      );
      if (placed.length === 0) setFormError(staffErrorMessage(t, error, lang));
    }
  });

  const title =
    kind === 'amend'
      ? target.of === 'visit'
        ? t('correction.amendVisitTitle')
        : t('correction.amendPrescriptionTitle', { name })
      : target.of === 'visit'
        ? t('correction.visitInErrorTitle')
        : t('correction.prescriptionInErrorTitle', { name });
  const reasonMessage = fieldMessage(t, 'reason', errors.reason?.message);
  const { ref: reasonRef, ...reason } = register('reason');

  return (
    <Box
      component="form"
      noValidate
      aria-label={title}
      onSubmit={(e) => void save(e)}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }}
    >
      <Stack spacing={1.5}>
        <Typography variant="subtitle2" component="h5" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Alert severity={kind === 'amend' ? 'info' : 'warning'}>
          {kind === 'amend'
            ? t('correction.notice')
            : target.of === 'visit'
              ? t('correction.visitInErrorNotice')
              : t('correction.prescriptionInErrorNotice')}
        </Alert>
        {kind === 'amend' && target.of === 'visit' ? (
          <>
            {box('findings', t('visit.findings'), 'findings', { required: true, multiline: true, minRows: 2 })}
            {box('icd10', t('visit.icd10'))}
            {box('advice', t('visit.advice'), 'advice', { multiline: true })}
          </>
        ) : null}
        {kind === 'amend' && target.of === 'prescription' ? (
          <>
            {box('drug', t('visit.drug'), 'prescription.drug', { required: true })}
            <AllergyOverrideField
              conflicts={conflicts}
              field={register('allergyOverrideReason')}
              id={idOf('allergyOverrideReason')}
              error={errorOf(errors, 'prescription.allergyOverrideReason') ?? errors.allergyOverrideReason?.message}
            />
            {box('strength', t('visit.strength'), 'prescription.strength')}
            <DoseWayFields
              control={control}
              register={register}
              name="prescription"
              errors={errors.prescription}
              idBase="correction"
            />
            {box('days', t('visit.days'), 'prescription.days', {
              required: true,
              slotProps: { htmlInput: { inputMode: 'numeric' } },
            })}
            {box('instructions', t('visit.instructions'), 'prescription.instructions')}
            <Typography variant="body2" color="text.secondary">
              {t('correction.fromToday')}
            </Typography>
          </>
        ) : null}
        <TextField
          {...reason}
          inputRef={reasonRef}
          id={idOf('reason')}
          label={t('correction.reason')}
          required
          fullWidth
          multiline
          minRows={2}
          error={reasonMessage !== undefined}
          helperText={reasonMessage ?? t('correction.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            color={kind === 'amend' ? 'primary' : 'error'}
            loading={isSubmitting}
          >
            {kind === 'amend' ? t('correction.save') : t('correction.confirmInError')}
          </Button>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('correction.cancel')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
