import type { SystemScope } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useId, type Ref } from 'react';
import { fieldMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { resourceName, scopeAbout, scopeGroups, scopeName } from './systems-format';

const GROUPS = scopeGroups();
const ALL = GROUPS.flatMap((group) => group.scopes);

export interface ScopeCheckboxesProps {
  value: readonly SystemScope[];
  onChange: (scopes: SystemScope[]) => void;
  onBlur?: () => void;
  /** The first box, for the form to focus. */
  ref?: Ref<HTMLInputElement>;
  /** Why the choice was refused: a reason code. */
  reason?: string;
}

/**
 * What a system may do here: the contracts' scopes grouped by what they are about, each in words with one line on what
 * it lets the system do and the scope itself, as the integrator will ask for it; a form's Controller field as it comes.
 */
export function ScopeCheckboxes({ value, onChange, onBlur, ref, reason }: ScopeCheckboxesProps) {
  const { t } = useStaffTexts();
  const baseId = useId();
  const error = reason === 'required' ? t('systems.form.scopes.required') : fieldMessage(t, 'scopes', reason);
  // Kept in the table's order, whatever order they were ticked in.
  const toggle = (scope: SystemScope, on: boolean) =>
    onChange(ALL.filter((s) => (s === scope ? on : value.includes(s))));

  return (
    <FormControl component="fieldset" required error={error !== undefined} onBlur={onBlur} sx={{ minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 500 }}>
        {t('systems.form.scopes.legend')}
      </FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('systems.form.scopes.hint')}
      </Typography>
      {error ? <FormHelperText sx={{ mx: 0, mb: 1, fontSize: '0.95rem' }}>{error}</FormHelperText> : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          columnGap: 2,
          rowGap: 1,
        }}
      >
        {GROUPS.map((group, g) => (
          <Box key={group.resource} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
            <Typography
              component="legend"
              variant="body2"
              sx={{ fontWeight: 600, color: 'text.secondary', p: 0, mb: 0.25 }}
            >
              {resourceName(t, group.resource)}
            </Typography>
            {group.scopes.map((scope, i) => {
              const inputId = `${baseId}-${g}-${i}`;
              return (
                // The box, then its words, the scope itself and one line on it, all beside the box: the label names
                // the box with the words alone.
                <Box
                  key={scope}
                  sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'start', pb: 0.5 }}
                >
                  <Checkbox
                    checked={value.includes(scope)}
                    onChange={(e) => toggle(scope, e.target.checked)}
                    slotProps={{
                      input: {
                        id: inputId,
                        ref: g === 0 && i === 0 ? ref : undefined,
                        'aria-describedby': `${inputId}-about ${inputId}-scope`,
                      },
                    }}
                  />
                  <Box sx={{ pt: 1.1, minWidth: 0 }}>
                    <Typography
                      component="label"
                      htmlFor={inputId}
                      sx={{ fontWeight: 500, mr: 0.5, cursor: 'pointer' }}
                    >
                      {scopeName(t, scope)}
                    </Typography>{' '}
                    <Typography
                      id={`${inputId}-scope`}
                      component="code"
                      variant="body2"
                      color="text.secondary"
                      sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                    >
                      {scope}
                    </Typography>
                    <Typography id={`${inputId}-about`} variant="body2" color="text.secondary">
                      {scopeAbout(t, scope)}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </FormControl>
  );
}
