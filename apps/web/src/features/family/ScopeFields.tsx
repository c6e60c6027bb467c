import { CARE_SCOPES, type CareScope, type CareScopes } from '@klaimor/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useCareTexts } from '../../i18n/care/care.texts';

export interface ScopeFieldsProps {
  value: CareScopes;
  onChange: (value: CareScopes) => void;
  /** What may not be turned on (a grant the patient did not give may be narrowed, never widened by them). */
  canTurnOn?: (scope: CareScope) => boolean;
  legend?: string;
  error?: string;
}

/** The four things a grant allows, each a checkbox with what it means. */
export function ScopeFields({ value, onChange, canTurnOn = () => true, legend, error }: ScopeFieldsProps) {
  const { t } = useCareTexts();
  return (
    <FormControl component="fieldset" error={error !== undefined}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {legend ?? t('scopes.legend')}
      </FormLabel>
      <FormGroup>
        {CARE_SCOPES.map((scope) => (
          <FormControlLabel
            key={scope}
            sx={{ alignItems: 'flex-start', minHeight: 44, my: 0.25 }}
            control={
              <Checkbox
                checked={value[scope]}
                disabled={!value[scope] && !canTurnOn(scope)}
                onChange={(event) => onChange({ ...value, [scope]: event.target.checked })}
                sx={{ mt: -0.5 }}
              />
            }
            label={
              <>
                <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                  {t(`scopes.${scope}`)}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t(`scopes.${scope}Hint`)}
                </Typography>
              </>
            }
          />
        ))}
      </FormGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
