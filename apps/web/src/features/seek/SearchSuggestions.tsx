import type { Hospital } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePlaceTexts } from '../../i18n/places/places.texts';

export interface SearchSuggestionsProps {
  id: string;
  /** The option's element id, for the search box's aria-activedescendant. */
  optionId: (index: number) => string;
  hospitals: Hospital[];
  /** The option the arrow keys are on, -1 for none. */
  active: number;
  onChoose: (hospital: Hospital) => void;
}

/** The places a search finds, as the patient types: a listbox under the search box (the ARIA combobox pattern). */
export function SearchSuggestions({ id, optionId, hospitals, active, onChoose }: SearchSuggestionsProps) {
  const { t, i18n } = usePlaceTexts();
  const en = i18n.language === 'en';
  return (
    <Box
      component="ul"
      role="listbox"
      id={id}
      aria-label={t('suggestions.label')}
      sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, borderTop: 1, borderColor: 'divider' }}
    >
      {hospitals.map((h, index) => (
        <Box
          component="li"
          key={h.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          // The search box keeps the focus (and the keyboard) while an option is tapped.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(h)}
          sx={{
            px: 1.5,
            py: 1,
            minHeight: 48,
            cursor: 'pointer',
            borderBottom: 1,
            borderColor: 'divider',
            bgcolor: index === active ? 'action.selected' : undefined,
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          <Typography sx={{ fontWeight: 700 }}>{en ? h.nameEn : h.nameTh}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[t(`kinds.${h.kind}`), en ? (h.provinceEn ?? h.province) : h.province].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
