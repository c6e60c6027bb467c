import { CareRelationship } from '@klaimor/contracts';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useCareTexts } from '../../i18n/care/care.texts';

export interface RelationshipFieldProps {
  id: string;
  label: string;
  value: CareRelationship | null;
  onChange: (value: CareRelationship | null) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLSelectElement>;
  /** What is wrong with it, in words; when nothing is, the hint is said. */
  helperText?: string;
  hint?: string;
}

/** What the caregiver is to the person looked after, as the phone's own picker. */
export function RelationshipField({
  id,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  helperText,
  hint,
}: RelationshipFieldProps) {
  const { t } = useCareTexts();
  return (
    <TextField
      id={id}
      select
      required
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as CareRelationship))}
      onBlur={onBlur}
      inputRef={inputRef}
      error={helperText !== undefined}
      helperText={helperText ?? hint}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="" />
      {CareRelationship.options.map((relationship) => (
        <option key={relationship} value={relationship}>
          {t(`relationships.${relationship}`)}
        </option>
      ))}
    </TextField>
  );
}
