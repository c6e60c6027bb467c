import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useFamilyTexts } from './family.texts';

/** The way to the family screen, from My Health and the profile. */
export function FamilyLink() {
  const { t } = useFamilyTexts();
  return (
    <Button
      component={Link}
      to="/family"
      variant="outlined"
      fullWidth
      startIcon={<FamilyRestroomIcon />}
      sx={{ minHeight: 44 }}
    >
      {t('page.open')}
    </Button>
  );
}
