import NoPhotographyIcon from '@mui/icons-material/NoPhotography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { useOcrTexts } from './ocr/ocr.texts';

type CameraState = 'starting' | 'live' | 'unsupported' | 'denied' | 'unavailable';

/** Spec photo widget defaults: webp at 0.92, not mirrored, no audio; the back camera where there is one. */
const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 1280 },
  height: { ideal: 1280 },
};

function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function stateOfError(error: string | DOMException): CameraState {
  const name = typeof error === 'string' ? error : error.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  return 'unavailable';
}

export interface IdCardCaptureProps {
  /** Leave the camera for the manual form. */
  onManual: () => void;
}

/** Step 4, OCR mode: a live preview, 'Capture photo' for a still and 'Retake photo' to go back to live. */
export function IdCardCapture({ onManual }: IdCardCaptureProps) {
  const { t } = useOcrTexts();
  const webcam = useRef<Webcam>(null);
  const [camera, setCamera] = useState<CameraState>(() => (cameraSupported() ? 'starting' : 'unsupported'));
  const [photo, setPhoto] = useState<string | null>(null);
  const problem = camera === 'unsupported' || camera === 'denied' || camera === 'unavailable';

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <Alert severity="info" sx={{ width: '100%' }}>
        {t('comingLater')}
      </Alert>
      {problem ? (
        <Alert
          severity="warning"
          icon={<NoPhotographyIcon />}
          sx={{ width: '100%' }}
          action={
            <Button color="inherit" size="small" onClick={onManual}>
              {t('useManual')}
            </Button>
          }
        >
          {t(`camera.${camera}`)}
        </Alert>
      ) : (
        <>
          <Box
            sx={{
              position: 'relative',
              width: { xs: '100%', sm: 300 },
              aspectRatio: '1 / 1',
              bgcolor: 'grey.900',
              borderRadius: 3,
              overflow: 'hidden',
              '& video, & img': { width: '100%', height: '100%', objectFit: 'cover', display: 'block' },
            }}
          >
            {photo ? (
              <img src={photo} alt={t('photoAlt')} />
            ) : (
              <>
                <Webcam
                  ref={webcam}
                  audio={false}
                  mirrored={false}
                  screenshotFormat="image/webp"
                  screenshotQuality={0.92}
                  videoConstraints={VIDEO_CONSTRAINTS}
                  onUserMedia={() => setCamera('live')}
                  onUserMediaError={(error) => setCamera(stateOfError(error))}
                  aria-label={t('previewLabel')}
                />
                {camera === 'starting' ? (
                  <Box
                    role="status"
                    sx={{
                      position: 'absolute',
                      inset: 0,
                      display: 'grid',
                      placeItems: 'center',
                      color: 'common.white',
                    }}
                  >
                    <CircularProgress color="inherit" aria-label={t('cameraStarting')} />
                  </Box>
                ) : null}
              </>
            )}
          </Box>
          {photo ? (
            <Button variant="outlined" onClick={() => setPhoto(null)} startIcon={<PhotoCameraIcon />}>
              {t('retake')}
            </Button>
          ) : (
            <Button
              variant="outlined"
              disabled={camera !== 'live'}
              onClick={() => setPhoto(webcam.current?.getScreenshot() ?? null)}
              startIcon={<PhotoCameraIcon />}
            >
              {t('capture')}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
