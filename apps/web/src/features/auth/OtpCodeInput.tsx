import { OTP_LENGTH } from '@klaimor/contracts';
import { MuiOtpInput } from 'mui-one-time-password-input';
import { useOtpTexts } from './otp.texts';

export interface OtpCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Fires when every box is filled. */
  onComplete?: (value: string) => void;
  length?: number;
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** id of the element describing the boxes (hint or error). */
  describedBy?: string;
}

const isDigit = (character: string) => /^\d$/.test(character);

/**
 * The boxes move between each other by calling `select()` on the next box. Browsers
 * differ on whether select() also focuses; make it always do, so focus follows.
 */
function focusOnSelect(input: HTMLInputElement | null): void {
  if (!input || Object.prototype.hasOwnProperty.call(input, 'select')) return;
  const select = input.select.bind(input);
  input.select = () => {
    if (input.ownerDocument.activeElement !== input) input.focus();
    select();
  };
}

/** The one-time code: one box per digit, digits only, with the browser's one-time-code hint. */
export function OtpCodeInput({
  value,
  onChange,
  onComplete,
  length = OTP_LENGTH,
  error = false,
  disabled = false,
  autoFocus = false,
  describedBy,
}: OtpCodeInputProps) {
  const { t } = useOtpTexts();
  return (
    <MuiOtpInput
      role="group"
      aria-label={t('otp.groupLabel')}
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      length={length}
      autoFocus={autoFocus}
      validateChar={isDigit}
      sx={{ gap: { xs: 1, sm: 1.5 } }}
      TextFieldsProps={(index) => ({
        disabled,
        error,
        inputRef: focusOnSelect,
        slotProps: {
          htmlInput: {
            'aria-label': t('otp.digit', { n: index + 1 }),
            'aria-describedby': describedBy,
            inputMode: 'numeric',
            pattern: '[0-9]*',
            style: { fontSize: '1.4rem', padding: '12px 0' },
          },
        },
      })}
    />
  );
}
