import EditNoteIcon from '@mui/icons-material/EditNote';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import NoPhotographyIcon from '@mui/icons-material/NoPhotography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { CARD_ASPECT } from './ocr/card-layout';
import { useOcrTexts } from './ocr/ocr.texts';
import { PoorScanAdvice } from './ocr/PoorScanAdvice';
import type { Frame, IdCardScan } from './ocr/read-id-card';
import { preloadIdCardReader, useIdCardReader } from './ocr/use-id-card-reader';

type CameraState = 'starting' | 'live' | 'unsupported' | 'denied' | 'unavailable';

/** Spec photo widget defaults: webp at 0.92, not mirrored, no audio; the back camera where there is one. */
const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  width: { ideal: 1280 },
  height: { ideal: 1280 },
};

/** The card guide's width as a share of the (square) preview. */
const GUIDE_WIDTH = 0.9;
/** Room kept around the guide when the photo is cropped to it: a card held a little off still fits. */
const GUIDE_MARGIN = 0.12;

function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function stateOfError(error: string | DOMException): CameraState {
  const name = typeof error === 'string' ? error : error.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  return 'unavailable';
}

/**
 * The guide frame in the still's own coordinates: the preview shows the centre square of the video
 * (object-fit: cover), and the guide sits in the middle of that square.
 */
function guideFrame(videoWidth: number, videoHeight: number): Frame {
  const side = Math.min(videoWidth, videoHeight);
  const w = side * GUIDE_WIDTH * (1 + 2 * GUIDE_MARGIN);
  const h = (side * GUIDE_WIDTH) / CARD_ASPECT + side * GUIDE_WIDTH * 2 * GUIDE_MARGIN;
  return {
    x0: (videoWidth - w) / 2 / videoWidth,
    y0: (videoHeight - h) / 2 / videoHeight,
    x1: (videoWidth + w) / 2 / videoWidth,
    y1: (videoHeight + h) / 2 / videoHeight,
  };
}

/** A data URL (what the webcam still is) as a Blob, without a request. */
function dataUrlToBlob(dataUrl: string): Blob {
  const [head, body] = dataUrl.split(',');
  const mime = /data:([^;]+)/.exec(head)?.[1] ?? 'image/webp';
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: mime });
}

export interface IdCardCaptureProps {
  /** Leave the camera for the manual form (offered whether the camera works or not). */
  onManual: () => void;
  /**
   * The card was read: at least half of its fields came out, or the patient chose to keep a poorer
   * scan and type the rest.
   */
  onRead: (scan: IdCardScan) => void;
}

/**
 * Step 4, OCR mode: a live preview with a card-shaped guide, 'Capture photo' for a still and
 * 'Retake photo' to go back to live; or a photo chosen from the device. The still is read on the
 * device as soon as it is taken. A photo that gave less than half of the card is not passed on as
 * read: the patient is told what went wrong, with tips, and asked to retake it (a photo without the
 * card goes straight back to the guide), or may keep what was read and type the rest.
 */
export function IdCardCapture({ onManual, onRead }: IdCardCaptureProps) {
  const { t } = useOcrTexts();
  const webcam = useRef<Webcam>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState<CameraState>(() => (cameraSupported() ? 'starting' : 'unsupported'));
  const [photo, setPhoto] = useState<string | null>(null);
  const { state, read, cancel, keep } = useIdCardReader(onRead);
  const problem = camera === 'unsupported' || camera === 'denied' || camera === 'unavailable';
  const working = state.status === 'working';
  const poor = state.status === 'poor' ? state : null;
  // A photo without the card is of no use to look at: the guide is shown again at once.
  const shown = poor?.outcome === 'notFound' ? null : photo;

  // Each time the preview comes back (a retake, a photo without the card) it starts its camera again:
  // nothing to capture until the camera shows the card. Set while rendering, so the button is never
  // enabled before the new preview's camera reports.
  const previewing = shown === null;
  const [wasPreviewing, setWasPreviewing] = useState(previewing);
  if (previewing !== wasPreviewing) {
    setWasPreviewing(previewing);
    if (previewing && camera === 'live') setCamera('starting');
  }
  // The patient chose to scan: fetch the reader while they frame the card.
  useEffect(() => preloadIdCardReader(), []);
  // A chosen photo is shown through an object URL, released when replaced.
  useEffect(
    () => () => {
      if (photo?.startsWith('blob:')) URL.revokeObjectURL(photo);
    },
    [photo],
  );

  const capture = () => {
    const shot = webcam.current?.getScreenshot();
    const video = webcam.current?.video;
    if (!shot || !video) return;
    setPhoto(shot);
    void read(dataUrlToBlob(shot), guideFrame(video.videoWidth, video.videoHeight));
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setPhoto(URL.createObjectURL(file));
    void read(file);
  };

  const retake = () => {
    // The advice of a poor scan stays on screen while the patient frames the card again.
    if (!poor) cancel();
    setPhoto(null);
  };

  const status =
    state.status === 'working'
      ? state.stage === 'loading'
        ? t('reading.loading', { percent: Math.round((state.loaded ?? 0) * 100) })
        : t(`reading.${state.stage}`)
      : null;

  // Without a camera, choosing a photo is the main way in (and the way to try again).
  const choosePhoto = (
    <Button
      variant={problem ? 'contained' : 'text'}
      disabled={working}
      onClick={() => fileInput.current?.click()}
      startIcon={<PhotoLibraryIcon />}
    >
      {t('choosePhoto')}
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      {/* While a poor scan's advice shows, it takes the place of the privacy note and the hint: the
          advice, the camera and the retake button then fit on a phone's screen together. */}
      {poor ? null : (
        <Alert severity="info" sx={{ width: '100%' }}>
          {t('privacy')}
        </Alert>
      )}
      {problem ? (
        <Alert severity="warning" icon={<NoPhotographyIcon />} sx={{ width: '100%' }}>
          {t(`camera.${camera}`)}
        </Alert>
      ) : null}
      {poor ? (
        <PoorScanAdvice outcome={poor.outcome} coverage={poor.coverage} guide={!problem} />
      ) : problem ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
          {t('guideHint')}
        </Typography>
      )}

      {!problem || shown ? (
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
          {shown ? (
            <img src={shown} alt={t('photoAlt')} />
          ) : (
            <>
              <Webcam
                ref={webcam}
                audio={false}
                mirrored={false}
                screenshotFormat="image/webp"
                screenshotQuality={0.92}
                // The still at the camera's own resolution, not the preview's size on screen.
                forceScreenshotSourceSize
                videoConstraints={VIDEO_CONSTRAINTS}
                onUserMedia={() => setCamera('live')}
                onUserMediaError={(error) => setCamera(stateOfError(error))}
                aria-label={t('previewLabel')}
              />
              {camera === 'live' ? (
                <Box
                  aria-hidden
                  data-testid="card-guide"
                  sx={{
                    position: 'absolute',
                    left: '50%',
                    top: '50%',
                    width: `${GUIDE_WIDTH * 100}%`,
                    aspectRatio: `${CARD_ASPECT}`,
                    transform: 'translate(-50%, -50%)',
                    border: '3px solid rgba(255,255,255,0.9)',
                    borderRadius: '6%/9.5%',
                    boxShadow: '0 0 0 999px rgba(0,0,0,0.35)',
                  }}
                />
              ) : null}
              {camera === 'starting' ? (
                <Box
                  sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'common.white' }}
                >
                  <CircularProgress color="inherit" aria-label={t('cameraStarting')} />
                </Box>
              ) : null}
            </>
          )}
          {working ? (
            <Box
              sx={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                bgcolor: 'rgba(0,0,0,0.6)',
                color: 'common.white',
                p: 1.5,
              }}
            >
              <LinearProgress
                variant={state.stage === 'loading' && state.loaded !== undefined ? 'determinate' : 'indeterminate'}
                value={Math.round((state.loaded ?? 0) * 100)}
                aria-label={status ?? undefined}
                sx={{ mb: 1 }}
              />
              <Typography variant="body2" aria-hidden>
                {status}
              </Typography>
            </Box>
          ) : null}
        </Box>
      ) : null}

      <Box
        role="status"
        aria-live="polite"
        sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {status}
      </Box>
      {state.status === 'failed' ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {t(`failed.${state.reason}`)}
        </Alert>
      ) : null}

      <Stack spacing={1} sx={{ width: '100%', alignItems: 'center' }}>
        {problem ? null : shown ? (
          <Button variant={poor ? 'contained' : 'outlined'} onClick={retake} startIcon={<PhotoCameraIcon />}>
            {t('retake')}
          </Button>
        ) : (
          <Button variant="contained" disabled={camera !== 'live'} onClick={capture} startIcon={<PhotoCameraIcon />}>
            {t('capture')}
          </Button>
        )}
        {problem ? choosePhoto : null}
        {poor && poor.coverage.filled > 0 ? (
          <Button variant="outlined" onClick={keep} startIcon={<EditNoteIcon />}>
            {t('keepPartial')}
          </Button>
        ) : null}
        {problem ? null : choosePhoto}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('choosePhoto')}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button onClick={onManual} startIcon={<KeyboardIcon />}>
          {t('useManual')}
        </Button>
      </Stack>
    </Stack>
  );
}
