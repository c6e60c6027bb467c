import { StaffRole } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useId, type Ref } from 'react';
import { fieldMessage } from '../shared/staff-errors';
import { roleName } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';

const ROLES = StaffRole.options;
const ABOUT = {
  admin: 'members.roles.about.admin',
  front_desk: 'members.roles.about.front_desk',
  clinician: 'members.roles.about.clinician',
  pharmacist: 'members.roles.about.pharmacist',
} as const;

export interface RoleCheckboxesProps {
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  onBlur?: () => void;
  /** The first box, for the form to focus. */
  ref?: Ref<HTMLInputElement>;
  /** Why the choice was refused: a reason or error code. */
  reason?: string;
}

/** The roles a member holds at the facility, each with one line on what it lets them do; a form's Controller field as it comes. */
export function RoleCheckboxes({ value, onChange, onBlur, ref, reason }: RoleCheckboxesProps) {
  const { t } = useStaffTexts();
  const error = reason === 'required' ? t('members.roles.required') : fieldMessage(t, 'roles', reason);
  const baseId = useId();
  const toggle = (role: StaffRole, on: boolean) => onChange(ROLES.filter((r) => (r === role ? on : value.includes(r))));
  return (
    <FormControl component="fieldset" required error={error !== undefined} onBlur={onBlur}>
      <FormLabel component="legend">{t('members.roles.legend')}</FormLabel>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('members.roles.hint')}
      </Typography>
      {ROLES.map((role, i) => (
        <Box key={role} sx={{ py: 0.5 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={value.includes(role)}
                onChange={(e) => toggle(role, e.target.checked)}
                slotProps={{ input: { ref: i === 0 ? ref : undefined, 'aria-describedby': `${baseId}-${role}` } }}
              />
            }
            label={roleName(t, role)}
            sx={{ '& .MuiFormControlLabel-label': { fontWeight: 500 } }}
          />
          <Typography id={`${baseId}-${role}`} variant="body2" color="text.secondary" sx={{ pl: 4, mt: -0.75 }}>
            {t(ABOUT[role])}
          </Typography>
        </Box>
      ))}
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
