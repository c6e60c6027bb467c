import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n';
import { appLanguage } from '../i18n/language';

/** Switches between Thai and English; the choice is remembered on this device. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const isThai = appLanguage(i18n) === 'th';
  return (
    <Button
      color="inherit"
      size="small"
      startIcon={<TranslateIcon />}
      aria-label={t('language.switchTo')}
      lang={isThai ? 'en' : 'th'}
      onClick={() => void changeLanguage(isThai ? 'en' : 'th')}
    >
      {t('language.other')}
    </Button>
  );
}
