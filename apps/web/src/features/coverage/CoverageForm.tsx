import {
  CoverageBody,
  HealthScheme,
  KNOWN_INSURERS,
  todayInBangkok,
  type Coverage,
  type CoverageInput,
} from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormDateField } from '../../components/FormDateField';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver, numberFromText } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { formatBaht, insurerName } from './coverage-format';
import { useSaveCoverage } from './coverage.queries';
import { useCoverageTexts } from './coverage.texts';
import { appLanguage } from '../../i18n/language';

const OTHER_INSURER = 'other';

/** What the boxes hold; `toBody` makes the request body of the chosen kind out of it. */
export interface CoverageFormValues {
  kind: 'public' | 'private';
  scheme: string;
  registeredFacility: string;
  /** A KNOWN_INSURERS id, OTHER_INSURER, or '' before a choice. */
  insurer: string;
  insurerOther: string;
  planName: string;
  memberNumber: string;
  coverageLimitBaht: string;
  networkNote: string;
  description: string;
  validFrom: string;
  validTo: string;
}
type FieldName = keyof CoverageFormValues;
const FIELD_NAMES = new Set<string>([
  'kind',
  'scheme',
  'registeredFacility',
  'insurer',
  'insurerOther',
  'planName',
  'memberNumber',
  'coverageLimitBaht',
  'networkNote',
  'description',
  'validFrom',
  'validTo',
] satisfies FieldName[]);

const isKnownInsurer = (name: string) => KNOWN_INSURERS.some((i) => i.id === name);

function valuesOf(coverage: Coverage | null): CoverageFormValues {
  const insurer = coverage?.insurer ?? '';
  return {
    kind: coverage?.kind ?? 'public',
    scheme: coverage?.scheme ?? '',
    registeredFacility: coverage?.registeredFacility ?? '',
    insurer: insurer === '' || isKnownInsurer(insurer) ? insurer : OTHER_INSURER,
    insurerOther: insurer !== '' && !isKnownInsurer(insurer) ? insurer : '',
    planName: coverage?.planName ?? '',
    memberNumber: coverage?.memberNumber ?? '',
    coverageLimitBaht: coverage?.coverageLimitBaht == null ? '' : String(coverage.coverageLimitBaht),
    networkNote: coverage?.networkNote ?? '',
    description: coverage?.description ?? '',
    validFrom: coverage?.validFrom ?? '',
    validTo: coverage?.validTo ?? '',
  };
}

/** Only the fields of the chosen kind: the contract rejects the other kind's. */
export function toBody(v: CoverageFormValues): CoverageInput {
  const period = { validFrom: v.validFrom || null, validTo: v.validTo || null };
  if (v.kind === 'public') {
    return {
      kind: 'public',
      scheme: v.scheme as HealthScheme,
      registeredFacility: v.registeredFacility,
      memberNumber: v.memberNumber,
      description: v.description,
      ...period,
    };
  }
  return {
    kind: 'private',
    insurer: v.insurer === OTHER_INSURER ? v.insurerOther : v.insurer,
    planName: v.planName,
    memberNumber: v.memberNumber,
    coverageLimitBaht: numberFromText(v.coverageLimitBaht),
    networkNote: v.networkNote,
    description: v.description,
    ...period,
  };
}

const resolver = contractResolver(CoverageBody, toBody);

export interface CoverageFormProps {
  /** The record to edit; null adds a new one. */
  coverage: Coverage | null;
  /** The patient's other records, to say before saving that a public scheme is already in force. */
  others: Coverage[];
  onSaved: () => void;
  onCancel: () => void;
}

/** Adds or edits one entitlement: a public scheme or a private plan, validated by the contract. */
export function CoverageForm({ coverage, others, onSaved, onCancel }: CoverageFormProps) {
  const { t, i18n } = useCoverageTexts();
  const lang = appLanguage(i18n);
  const save = useSaveCoverage();
  const kindLabelId = useId();
  const { form, formError, onSubmit } = useContractForm<CoverageFormValues, CoverageBody>({
    resolver,
    defaultValues: valuesOf(coverage),
    fields: (key, values) => {
      const name = key === 'insurer' && values.insurer === OTHER_INSURER ? 'insurerOther' : key;
      return FIELD_NAMES.has(name) ? (name as FieldName) : null;
    },
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const kind = useWatch({ control, name: 'kind' });
  const scheme = useWatch({ control, name: 'scheme' });
  const insurer = useWatch({ control, name: 'insurer' });
  const limit = useWatch({ control, name: 'coverageLimitBaht' });

  const thisYear = Number(todayInBangkok().slice(0, 4));
  const otherPublic = useMemo(
    () => others.find((c) => c.id !== coverage?.id && c.kind === 'public' && c.status !== 'expired'),
    [others, coverage],
  );
  const limitNumber = numberFromText(limit);

  const message = (name: FieldName) => reasonMessage(t, errors[name]?.message);
  const text = useTextFields(register, 'coverage', message);

  const submit = onSubmit(async (body) => {
    await save.mutateAsync({ id: coverage?.id, body });
    onSaved();
  });

  const insurerError = errors.insurer?.message;
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <FormControl>
        <FormLabel id={kindLabelId}>{t('kind.legend')}</FormLabel>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <RadioGroup row aria-labelledby={kindLabelId} {...field}>
              <FormControlLabel value="public" control={<Radio />} label={t('kind.public')} />
              <FormControlLabel value="private" control={<Radio />} label={t('kind.private')} />
            </RadioGroup>
          )}
        />
      </FormControl>

      {kind === 'public' ? (
        <>
          {otherPublic?.scheme ? (
            <Alert severity="info">{t('form.publicExists', { scheme: t(`schemes.${otherPublic.scheme}`) })}</Alert>
          ) : null}
          <TextField
            {...register('scheme')}
            id="coverage-scheme"
            select
            required
            label={t('fields.scheme')}
            error={errors.scheme !== undefined}
            helperText={message('scheme')}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('form.chooseScheme')}</option>
            {HealthScheme.options.map((s) => (
              <option key={s} value={s}>
                {t(`schemes.${s}`)}
              </option>
            ))}
          </TextField>
          {text(
            'registeredFacility',
            scheme === 'ucs'
              ? t('fields.registeredUnit')
              : scheme === 'sss'
                ? t('fields.registeredHospital')
                : t('fields.registeredFacility'),
            {
              hint:
                scheme === 'ucs'
                  ? t('form.registeredUnitHint')
                  : scheme === 'sss'
                    ? t('form.registeredHospitalHint')
                    : undefined,
            },
          )}
          {text('memberNumber', t('fields.memberNumber'))}
        </>
      ) : (
        <>
          <TextField
            {...register('insurer')}
            id="coverage-insurer"
            select
            required
            label={t('fields.insurer')}
            error={insurerError !== undefined && insurer !== OTHER_INSURER}
            helperText={insurer !== OTHER_INSURER ? reasonMessage(t, insurerError) : undefined}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('form.chooseInsurer')}</option>
            {KNOWN_INSURERS.map((i) => (
              <option key={i.id} value={i.id}>
                {insurerName(i.id, lang)}
              </option>
            ))}
            <option value={OTHER_INSURER}>{t('form.otherInsurer')}</option>
          </TextField>
          {insurer === OTHER_INSURER ? (
            <TextField
              {...register('insurerOther')}
              id="coverage-insurerOther"
              required
              label={t('fields.insurerOther')}
              error={insurerError !== undefined || errors.insurerOther !== undefined}
              helperText={reasonMessage(t, insurerError ?? errors.insurerOther?.message)}
            />
          ) : null}
          {text('planName', t('fields.planName'), { required: true })}
          {text('memberNumber', t('fields.policyNumber'))}
          {(() => {
            const { ref, ...field } = register('coverageLimitBaht');
            return (
              <TextField
                {...field}
                inputRef={ref}
                id="coverage-coverageLimitBaht"
                label={t('fields.coverageLimit')}
                error={errors.coverageLimitBaht !== undefined}
                helperText={
                  message('coverageLimitBaht') ??
                  (limitNumber !== null && Number.isFinite(limitNumber)
                    ? t('form.limitPreview', { amount: formatBaht(limitNumber, t, lang) })
                    : t('common.optional'))
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
            );
          })()}
          {text('networkNote', t('fields.networkNote'), { multiline: true, hint: t('form.networkHint') })}
        </>
      )}
      {text('description', t('fields.description'), { multiline: true })}
      <FormDateField
        control={control}
        name="validFrom"
        label={t('fields.validFrom')}
        fromYear={thisYear - 40}
        toYear={thisYear + 5}
        describeError={(reason) => reasonMessage(t, reason)}
        hint={t('form.datesHint')}
      />
      <FormDateField
        control={control}
        name="validTo"
        label={t('fields.validTo')}
        fromYear={thisYear - 40}
        toYear={thisYear + 60}
        describeError={(reason) => reasonMessage(t, reason)}
        hint={t('form.datesHint')}
      />
      <FormActions error={formError} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
