import CheckIcon from '@mui/icons-material/Check';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useCareTexts } from '../i18n/care/care.texts';
import { writtenLanguage } from '../lib/written-language';
import { dismissLostAccess, selectPatient, useLostAccess } from './selected-patient';
import type { SelectedPerson, ShownPerson } from './use-selected-person';
import { Written } from '../components/Written';
import { NamedText } from '../components/NamedText';

function PersonAvatar({ person, size = 40 }: { person: ShownPerson; size?: number }) {
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        bgcolor: person.colour ?? 'primary.main',
        color: person.colour ? '#fff' : 'primary.contrastText',
        fontWeight: 600,
      }}
    >
      <Written>{person.firstname.slice(0, 1)}</Written>
    </Avatar>
  );
}

/** Why the app went back to the patient's own data by itself, until they close it or choose someone. */
function LostAccessNotice() {
  const { t } = useCareTexts();
  const lost = useLostAccess();
  if (!lost) return null;
  const name = lost.name ?? t('switcher.someone');
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button size="small" color="inherit" onClick={dismissLostAccess} sx={{ minHeight: 44 }}>
          {t('switcher.dismiss')}
        </Button>
      }
    >
      {t(lost.reason === 'ended' ? 'switcher.lostEnded' : 'switcher.lostNarrowed', { name })}
    </Alert>
  );
}

export interface PersonSwitcherProps {
  selection: SelectedPerson;
}

/**
 * Whose data the screen shows, at its top: the person's name and initial on their colour's band, and the choice of
 * anyone else the patient looks after. Drawn only for a patient who looks after someone.
 */
export function PersonSwitcher({ selection }: PersonSwitcherProps) {
  const { t } = useCareTexts();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { owner, person, people } = selection;
  if (!person || people.length < 2) return <LostAccessNotice />;

  const self = person.link === null;
  const shownName = self ? t('switcher.youShort') : `${person.firstname} ${person.lastname}`;
  const choose = (chosen: ShownPerson) => {
    setAnchor(null);
    selectPatient(owner, chosen.link ? chosen.id : null);
  };

  return (
    <>
      <LostAccessNotice />
      <Box
        component="section"
        aria-label={t('switcher.label')}
        data-person={person.id}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          p: 1.5,
          pl: 2,
          borderRadius: 3,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderLeft: 8,
          borderLeftColor: person.colour ?? 'primary.main',
        }}
      >
        <PersonAvatar person={person} />
        <Box sx={{ flex: '1 1 8em', minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {t('switcher.label')}
          </Typography>
          <Typography lang={writtenLanguage(shownName)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {shownName}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<SwapHorizIcon />}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? menuId : undefined}
          aria-label={t('switcher.change', { name: shownName })}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ minHeight: 44, flexShrink: 0 }}
        >
          {t('switcher.button')}
        </Button>
      </Box>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('switcher.menuLabel') } }}
      >
        {people.map((option) => {
          const current = option.id === person.id;
          const name = option.link
            ? `${option.firstname} ${option.lastname}`
            : t('switcher.you', { name: option.firstname });
          return (
            <MenuItem
              key={option.id}
              selected={current}
              onClick={() => choose(option)}
              sx={{ minHeight: 56, gap: 1.5 }}
            >
              <PersonAvatar person={option} size={36} />
              <ListItemText
                primary={name}
                slotProps={{ primary: { lang: writtenLanguage(option.link ? name : option.firstname) } }}
                secondary={
                  option.link ? (
                    <NamedText
                      t={t}
                      i18nKey="youAre"
                      values={{ relationship: t(`relationships.${option.link.relationship}`), name: option.firstname }}
                    />
                  ) : null
                }
              />
              {current ? (
                <ListItemIcon sx={{ minWidth: 0 }}>
                  <CheckIcon />
                </ListItemIcon>
              ) : null}
            </MenuItem>
          );
        })}
        <MenuItem component={Link} to="/family" onClick={() => setAnchor(null)} sx={{ minHeight: 48 }}>
          {t('switcher.manage')}
        </MenuItem>
      </Menu>
    </>
  );
}
