import type { UserProfile } from '@klaimor/contracts';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { LoadingState } from '../../components/LoadingState';
import type { PersonalInfoMode, RegisterDraft } from './signup-state';
import { applyReading, type OcrReview } from './ocr/ocr-review';
import { OcrReviewBanner } from './ocr/OcrReviewBanner';
import { useOcrTexts } from './ocr/ocr.texts';
import type { IdCardScan } from './ocr/read-id-card';
import { releaseIdCardReader } from './ocr/use-id-card-reader';

// Each mode loads only what it needs: the camera widget (and, once a photo is taken, the reader) or
// the form (zod, address list).
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

/**
 * Step 4: the ID-card scan (OCR) or the manual form. A scan fills the form in for the patient to
 * check: the filled fields are marked, the doubtful ones stand out, and nothing is sent until the
 * patient registers. Rescanning or switching to typing keeps everything already filled.
 */
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
  const [review, setReview] = useState<OcrReview | null>(null);
  const [scanning, setScanning] = useState(true);

  // Leaving the step frees the reader's memory.
  useEffect(() => () => releaseIdCardReader(), []);

  const onRead = useCallback(
    (scan: IdCardScan) => {
      const next = applyReading(draft, review, scan.reading);
      onDraftChange(next.draft);
      setReview(next.review);
      setScanning(false);
    },
    [draft, review, onDraftChange],
  );

  const scan = () => {
    onModeChange('ocr');
    setScanning(true);
  };

  const showForm = mode === 'manual' || !scanning;

  return (
    <Suspense fallback={<LoadingState />}>
      {showForm ? (
        <Stack spacing={2}>
          {review ? (
            <OcrReviewBanner review={review} onRescan={scan} />
          ) : (
            <Button onClick={scan} startIcon={<DocumentScannerIcon />} sx={{ alignSelf: 'flex-start' }}>
              {t('scanInstead')}
            </Button>
          )}
          <RegisterForm
            phone={phone}
            defaultValues={draft}
            onDraftChange={onDraftChange}
            onBack={onBack}
            onRegistered={onRegistered}
            review={review ?? undefined}
          />
        </Stack>
      ) : (
        <Stack spacing={2}>
          <IdCardCapture onManual={() => onModeChange('manual')} onRead={onRead} />
          <Button variant="outlined" onClick={onBack}>
            {t('common.back')}
          </Button>
        </Stack>
      )}
    </Suspense>
  );
}
