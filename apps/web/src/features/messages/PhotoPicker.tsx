import { MESSAGE_PHOTOS_MAX, MESSAGE_PHOTO_MAX_BYTES, MESSAGE_PHOTO_TYPES } from '@klaimor/contracts';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useCareMessagesTexts } from './messages.texts';

export interface PhotoPickerProps {
  photos: File[];
  onChange: (photos: File[]) => void;
}

/** Why a chosen file was left out, before anything is sent (the server checks the same, and more). */
function refusal(file: File): 'type' | 'size' | null {
  if (!(MESSAGE_PHOTO_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > MESSAGE_PHOTO_MAX_BYTES ? 'size' : null;
}

/**
 * Up to MESSAGE_PHOTOS_MAX photos from the camera or the gallery, each shown small with a button to take it out; a
 * file that is not a JPEG, PNG or WebP photo, or is over 5 MB, is left out with the reason said.
 */
export function PhotoPicker({ photos, onChange }: PhotoPickerProps) {
  const { t } = useCareMessagesTexts();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const previews = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const add = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const reasons: string[] = [];
    const fitting = chosen.filter((file) => {
      const why = refusal(file);
      if (why) reasons.push(t(`photos.refused.${why}`, { name: file.name }));
      return why === null;
    });
    const room = MESSAGE_PHOTOS_MAX - photos.length;
    if (fitting.length > room) reasons.push(t('photos.refused.count', { count: MESSAGE_PHOTOS_MAX }));
    setLeftOut(reasons);
    onChange([...photos, ...fitting.slice(0, Math.max(0, room))]);
    if (input.current) input.current.value = '';
  };

  return (
    <Stack spacing={1.5}>
      {photos.length > 0 ? (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}>
          {photos.map((photo, i) => (
            <Box component="li" key={`${photo.name}-${i}`} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={previews[i]}
                alt={t('photos.preview', { number: i + 1 })}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 2, display: 'block' }}
              />
              <IconButton
                aria-label={t('photos.remove', { number: i + 1 })}
                onClick={() => onChange(photos.filter((_, j) => j !== i))}
                size="small"
                sx={{ position: 'absolute', top: -10, right: -10, bgcolor: 'background.paper', boxShadow: 1 }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      ) : null}
      {photos.length < MESSAGE_PHOTOS_MAX ? (
        <Box>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={MESSAGE_PHOTO_TYPES.join(',')}
            multiple
            hidden
            onChange={(e) => add(e.target.files)}
          />
          <Button
            variant="outlined"
            startIcon={<AddPhotoAlternateIcon />}
            onClick={() => input.current?.click()}
            aria-describedby={`${inputId}-hint`}
          >
            {t('photos.add')}
          </Button>
          <Box id={`${inputId}-hint`} sx={{ mt: 0.5, color: 'text.secondary', typography: 'body2' }}>
            {t('photos.hint', { count: MESSAGE_PHOTOS_MAX })}
          </Box>
        </Box>
      ) : null}
      {leftOut.length > 0 ? (
        <Alert severity="warning">
          {leftOut.map((reason) => (
            <div key={reason}>{reason}</div>
          ))}
        </Alert>
      ) : null}
    </Stack>
  );
}
