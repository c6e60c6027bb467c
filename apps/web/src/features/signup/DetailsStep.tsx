import type { UserProfile } from '@klaimor/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/LoadingState';
import type { PersonalInfoMode, RegisterDraft } from './signup-state';
import { useOcrTexts } from './ocr/ocr.texts';

// Each mode loads only what it needs: the camera widget or the form (zod, address list).
const IdCardCapture = lazy(() => import('./IdCardCapture').then((m) => ({ default: m.IdCardCapture })));
const RegisterForm = lazy(() => import('./RegisterForm').then((m) => ({ default: m.RegisterForm })));

export interface DetailsStepProps {
  mode: PersonalInfoMode;
  onModeChange: (mode: PersonalInfoMode) => void;
  phone: string;
  draft: RegisterDraft;
  onDraftChange: (draft: RegisterDraft) => void;
  onBack: () => void;
  onRegistered: (profile: UserProfile) => void;
}

/** Step 4: the ID-card scan (OCR) or the manual form. */
export function DetailsStep({
  mode,
  onModeChange,
  phone,
  draft,
  onDraftChange,
  onBack,
  onRegistered,
}: DetailsStepProps) {
  const { t } = useOcrTexts();
  return (
    <Suspense fallback={<LoadingState />}>
      {mode === 'ocr' ? (
        <Stack spacing={2}>
          <IdCardCapture onManual={() => onModeChange('manual')} />
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" onClick={onBack} sx={{ flex: 1 }}>
              {t('common.back')}
            </Button>
            <Button variant="contained" onClick={() => onModeChange('manual')} sx={{ flex: 2 }}>
              {t('useManual')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <RegisterForm
          phone={phone}
          defaultValues={draft}
          onDraftChange={onDraftChange}
          onBack={onBack}
          onRegistered={onRegistered}
        />
      )}
    </Suspense>
  );
}
