import { DRUG_LIST, type ListedDrug } from '@klaimor/contracts';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { fieldMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';

export interface DrugFieldProps {
  id: string;
  /** The drug as written in the box. */
  value: string;
  /** Whether the drug in the box was chosen from the list (it has an ATC code). */
  listed: boolean;
  /** The field's reason code, if the drug was refused. */
  error: string | undefined;
  inputRef: Ref<HTMLInputElement>;
  onBlur: () => void;
  /** The clinician typed: a drug in words, no longer the listed one. */
  onType: (text: string) => void;
  /** The clinician chose a drug of the list: its name, strength, form and code go into the prescription. */
  onChoose: (drug: ListedDrug) => void;
}

// Matches the generic name or the Thai one anywhere; a dozen suggestions are enough to choose from while typing.
const filter = createFilterOptions<ListedDrug>({ stringify: (drug) => `${drug.name} ${drug.th}`, limit: 12 });

/**
 * The drug of a prescription: chosen from the list (DRUG_LIST: strength and form filled in, coded in ATC), or written in
 * words, which the box then says is not on the list, so the clinician checks the name, strength and form themselves.
 */
export function DrugField({ id, value, listed, error, inputRef, onBlur, onType, onChoose }: DrugFieldProps) {
  const { t } = useStaffTexts();
  const message = fieldMessage(t, 'drug', error);
  const label = (drug: ListedDrug) => `${drug.name} ${drug.strength} · ${t(`visit.forms.${drug.form}`)}`;
  return (
    <Autocomplete<ListedDrug, false, false, true>
      id={id}
      freeSolo
      options={DRUG_LIST}
      filterOptions={filter}
      inputValue={value}
      value={null}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.name)}
      // One name comes in several strengths and forms (paracetamol tablets and syrup): each is its own option.
      getOptionKey={(option) =>
        typeof option === 'string' ? option : `${option.atc} ${option.strength} ${option.form}`
      }
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onType(text);
      }}
      onChange={(_event, chosen) => {
        if (chosen && typeof chosen === 'object') onChoose(chosen);
      }}
      onBlur={onBlur}
      renderOption={({ key, ...props }, drug) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{label(drug)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {drug.th}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('visit.drug')}
          required
          inputRef={inputRef}
          error={message !== undefined}
          helperText={message ?? (value.trim() !== '' && !listed ? t('visit.drugNotListed') : t('visit.drugHint'))}
        />
      )}
    />
  );
}
