import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useStaffTexts } from '../staff.texts';

/** A password box with a button that shows what was typed, so a long password can be checked before it is sent. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useStaffTexts();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <IconButton
              aria-label={shown ? t('password.hide') : t('password.show')}
              aria-pressed={shown}
              onClick={() => setShown((s) => !s)}
              edge="end"
            >
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          ),
        },
      }}
    />
  );
}
