import type { MessagePhoto } from '@klaimor/contracts';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId, useState } from 'react';
import { useStaffTexts } from '../staff.texts';
import { inboxPhotoUrl } from './inbox.queries';

export interface MessagePhotosProps {
  facilityId: string;
  photos: MessagePhoto[];
  /** Who sent them, for their names ("รูปที่ 1 จาก ปิยะ ใจงาม"). */
  authorName: string;
}

/** A message's photos as thumbnails; one pressed opens larger in a dialog, as large as the screen allows. */
export function MessagePhotos({ facilityId, photos, authorName }: MessagePhotosProps) {
  const { t } = useStaffTexts();
  const titleId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const label = (index: number) => t('inbox.thread.photo', { number: index + 1, name: authorName });
  const shown = open === null ? undefined : photos[open];

  return (
    <>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, mt: 1, p: 0, listStyle: 'none' }}>
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <ButtonBase
              onClick={() => setOpen(i)}
              aria-haspopup="dialog"
              sx={{
                display: 'block',
                borderRadius: 1.5,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.dark', outlineStyle: 'solid' },
              }}
            >
              <Box
                component="img"
                src={inboxPhotoUrl(facilityId, photo.id)}
                alt={label(i)}
                loading="lazy"
                width={photo.width}
                height={photo.height}
                sx={{ display: 'block', width: 120, height: 120, objectFit: 'cover' }}
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
      <Dialog open={shown !== undefined} onClose={() => setOpen(null)} aria-labelledby={titleId} maxWidth="lg">
        {shown && open !== null ? (
          <>
            <DialogTitle id={titleId} sx={{ pr: 7 }}>
              {label(open)}
              <IconButton
                aria-label={t('inbox.thread.closePhoto')}
                onClick={() => setOpen(null)}
                sx={{ position: 'absolute', right: 8, top: 8 }}
              >
                <CloseIcon />
              </IconButton>
            </DialogTitle>
            <DialogContent dividers sx={{ p: 1, display: 'flex', justifyContent: 'center' }}>
              <Box
                component="img"
                src={inboxPhotoUrl(facilityId, shown.id)}
                alt={label(open)}
                width={shown.width}
                height={shown.height}
                sx={{ display: 'block', maxWidth: '100%', maxHeight: '75dvh', width: 'auto', height: 'auto' }}
              />
            </DialogContent>
          </>
        ) : null}
      </Dialog>
    </>
  );
}
