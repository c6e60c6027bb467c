import FactCheckIcon from '@mui/icons-material/FactCheck';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Box from '@mui/material/Box';
import type { Confidence } from './id-card-parsers';
import { useOcrTexts } from './ocr.texts';

/** Highlights the outline of a field the scan filled: amber where the reader was unsure. */
export const ocrFieldSx = (confidence: Confidence | undefined) =>
  confidence
    ? {
        '& .MuiOutlinedInput-notchedOutline': {
          borderColor: confidence === 'low' ? 'warning.main' : 'info.main',
          borderWidth: 2,
        },
      }
    : undefined;

/** The note under a field the scan filled: "from your card, please check", or "unclear, please check". */
export function OcrFieldNote({ confidence }: { confidence: Confidence }) {
  const { t } = useOcrTexts();
  const low = confidence === 'low';
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: low ? 'warning.dark' : 'info.dark',
        fontWeight: low ? 600 : 400,
      }}
    >
      {low ? (
        <ReportProblemIcon sx={{ fontSize: 16 }} aria-hidden />
      ) : (
        <FactCheckIcon sx={{ fontSize: 16 }} aria-hidden />
      )}
      {low ? t('field.check') : t('field.read')}
    </Box>
  );
}
