import BadgeIcon from '@mui/icons-material/Badge';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { Trans } from 'react-i18next';
import type { LegalDocumentKind } from '../legal/LegalDocument';
import type { PersonalInfoMode } from './signup-state';
import { useSignupTexts } from './signup.texts';

export interface ConsentStepProps {
  mode: PersonalInfoMode;
  onModeChange: (mode: PersonalInfoMode) => void;
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
  onBack: () => void;
  onNext: () => void;
}

// The documents' texts load when the patient opens one, not with the registration screen.
const LegalDialog = lazy(async () => ({ default: (await import('../legal/LegalDialog')).LegalDialog }));

const MODES = [
  { value: 'ocr', icon: <BadgeIcon /> },
  { value: 'manual', icon: <KeyboardIcon /> },
] as const;

/** Step 3: how to give personal details (ID-card scan by default, or typing) and the required consent. */
export function ConsentStep({ mode, onModeChange, consent, onConsentChange, onBack, onNext }: ConsentStepProps) {
  const { t } = useSignupTexts();
  const [warn, setWarn] = useState(false);
  const [reading, setReading] = useState<LegalDocumentKind | null>(null);
  const open = (kind: LegalDocumentKind) => (e: MouseEvent) => {
    e.preventDefault();
    setReading(kind);
  };
  const legendId = useId();
  const warningId = useId();

  const next = () => {
    if (!consent) {
      setWarn(true);
      return;
    }
    onNext();
  };

  return (
    <Stack spacing={3}>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
          {t('mode.legend')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          name="personal-info-mode"
          value={mode}
          onChange={(e) => onModeChange(e.target.value === 'manual' ? 'manual' : 'ocr')}
          sx={{ gap: 1 }}
        >
          {MODES.map(({ value, icon }) => (
            <Box
              key={value}
              sx={{
                border: 1,
                borderColor: mode === value ? 'primary.main' : 'divider',
                borderRadius: 2,
                bgcolor: mode === value ? 'rgba(106,166,255,0.08)' : 'background.paper',
                px: 1.5,
                py: 0.5,
              }}
            >
              <FormControlLabel
                value={value}
                control={<Radio />}
                sx={{ width: '100%', m: 0 }}
                label={
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
                    <Box sx={{ color: 'primary.dark', display: 'flex' }} aria-hidden>
                      {icon}
                    </Box>
                    <span>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                        {t(`mode.${value}`)}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        {t(`mode.${value}Hint`)}
                      </Typography>
                    </span>
                  </Stack>
                }
              />
            </Box>
          ))}
        </RadioGroup>
      </FormControl>

      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={consent}
              onChange={(e) => {
                onConsentChange(e.target.checked);
                if (e.target.checked) setWarn(false);
              }}
              slotProps={{ input: { 'aria-describedby': warn ? warningId : undefined, 'aria-required': true } }}
            />
          }
          label={
            <Trans
              t={t}
              i18nKey="consent.label"
              components={{
                terms: <Link href="/terms" onClick={open('terms')} />,
                privacy: <Link href="/privacy" onClick={open('privacy')} />,
              }}
            />
          }
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
        />
        {warn && !consent ? (
          <Alert id={warningId} severity="warning" role="alert" sx={{ mt: 1 }}>
            {t('consent.warning')}
          </Alert>
        ) : null}
      </Box>

      {reading ? (
        <Suspense fallback={null}>
          <LegalDialog kind={reading} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}

      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" onClick={onBack} sx={{ flex: 1 }}>
          {t('common.back')}
        </Button>
        <Button variant="contained" onClick={next} sx={{ flex: 2 }}>
          {t('common.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
