import { useTranslation } from 'react-i18next';
import { ErrorState } from './ErrorState';

/** Something broke while showing a page (often a page file that failed to download): offer a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <ErrorState
      title={t('errors.pageFailedTitle')}
      message={t('errors.pageFailed')}
      onRetry={() => window.location.reload()}
    />
  );
}
