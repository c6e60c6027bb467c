import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { visuallyHidden } from '../lib/visually-hidden';

const Input = styled('input')(({ theme }) => ({
  font: 'inherit',
  fontSize: '1.125rem',
  width: '100%',
  minHeight: 52,
  padding: '12px 14px',
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.grey[400]}`,
  background: theme.palette.background.paper,
  color: theme.palette.text.primary,
  outline: 'none',
  '&::placeholder': { color: theme.palette.text.disabled },
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus': { borderColor: theme.palette.primary.main, boxShadow: `0 0 0 2px ${theme.palette.primary.main}` },
  '&[aria-invalid="true"]': { borderColor: theme.palette.error.main },
  '&[aria-invalid="true"]:focus': { boxShadow: `0 0 0 2px ${theme.palette.error.main}` },
}));

const ICON_SIZE = '1.5rem';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  id?: string;
  /** A decorative icon drawn at the start of the box (the map search's magnifier). */
  icon?: ReactNode;
  /** The label for screen readers only, where the icon and the placeholder say it (a search box). */
  hideLabel?: boolean;
}

/**
 * A plain labelled text box (label above, native input) for first screens, where
 * every kilobyte counts: it pulls in none of TextField's input machinery.
 */
export function TextInput({
  label,
  helperText,
  error = false,
  id,
  required,
  icon,
  hideLabel = false,
  ...input
}: TextInputProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  return (
    <Box>
      <Typography
        component="label"
        htmlFor={inputId}
        variant="body2"
        sx={
          hideLabel
            ? visuallyHidden
            : { display: 'block', mb: 0.75, fontWeight: 500, color: error ? 'error.main' : 'text.primary' }
        }
      >
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </Typography>
      <Box sx={{ position: 'relative' }}>
        {icon ? (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              insetInlineStart: 12,
              top: 0,
              bottom: 0,
              display: 'flex',
              alignItems: 'center',
              fontSize: ICON_SIZE,
              color: 'text.secondary',
              pointerEvents: 'none',
            }}
          >
            {icon}
          </Box>
        ) : null}
        <Input
          {...input}
          id={inputId}
          required={required}
          aria-invalid={error}
          aria-describedby={helperText ? helperId : undefined}
          // Clear of the icon at any text size: the icon grows with the text.
          style={icon ? { paddingInlineStart: `calc(20px + ${ICON_SIZE})`, ...input.style } : input.style}
        />
      </Box>
      {helperText ? (
        <Typography
          id={helperId}
          variant="body2"
          component="p"
          sx={{ mt: 0.5, mx: 0.5, color: error ? 'error.main' : 'text.secondary' }}
        >
          {helperText}
        </Typography>
      ) : null}
    </Box>
  );
}
