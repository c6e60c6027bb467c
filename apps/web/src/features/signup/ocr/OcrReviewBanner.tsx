import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { cardCoverage, type OcrReview } from './ocr-review';
import { useOcrTexts } from './ocr.texts';

export interface OcrReviewBannerProps {
  review: OcrReview;
  onRescan: () => void;
}

/**
 * Above the filled form: what the scan did, what to check, and a way to scan again. A scan the
 * patient kept although it read less than half of the card says so, and asks for the rest.
 */
export function OcrReviewBanner({ review, onRescan }: OcrReviewBannerProps) {
  const { t } = useOcrTexts();
  const marks = Object.values(review.fields);
  const unsure = marks.filter((m) => m.confidence === 'low').length;
  const coverage = cardCoverage(review.fields);
  return (
    <Alert
      severity={unsure > 0 || !coverage.enough ? 'warning' : 'success'}
      icon={<DocumentScannerIcon />}
      action={
        <Button color="inherit" size="small" onClick={onRescan}>
          {t('rescan')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {coverage.enough
          ? t('review.filled', { count: marks.length })
          : t('review.partial', { count: coverage.filled, total: coverage.total })}
      </Typography>
      <Typography variant="body2">{unsure > 0 ? t('review.unsure', { count: unsure }) : t('review.check')}</Typography>
      {review.englishName ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('review.englishName', { name: review.englishName })}
        </Typography>
      ) : null}
    </Alert>
  );
}
