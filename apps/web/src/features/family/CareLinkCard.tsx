import { ageOn, todayInBangkok, type CareLink, type CareScopes } from '@klaimor/contracts';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { apiErrorMessage } from '../../lib/error-messages';
import { formatDayAndTime } from '../../lib/clock-time';
import { ChildsCodeConfirm } from './ChildsCodeConfirm';
import { DeleteProfileDialog } from './DeleteProfileDialog';
import { ReportNotMyParent } from './ReportNotMyParent';
import { ScopeFields } from './ScopeFields';
import { useChangeCare, useRevokeCare } from './family.queries';
import { useCareTexts } from '../../i18n/care/care.texts';
import { useFamilyTexts } from './family.texts';
import { selectPatient } from '../../session/selected-patient';
import { appLanguage } from '../../i18n/language';
import { Written } from '../../components/Written';
import { NamedText } from '../../components/NamedText';

/** Choices for when a caregiver is told a dose was not ticked (the contract allows 15 to 240 minutes). */
const MISSED_DOSE_MINUTES = [15, 30, 60, 90, 120, 180, 240];

const sameScopes = (a: CareScopes, b: CareScopes) =>
  a.see === b.see && a.book === b.book && a.medicines === b.medicines && a.alerts === b.alerts;

export interface CareLinkCardProps {
  link: CareLink;
  /** The signed-in patient, whose choice of person "see their data" changes. */
  owner: string;
  /** The band's colour of a dependent, as the person switcher shows them. */
  colour?: string;
  onNotice: (notice: string) => void;
}

/** One dependent or caregiver: who, what the grant allows (changeable), ending it, and its history. */
export function CareLinkCard({ link, owner, colour, onNotice }: CareLinkCardProps) {
  const { t, i18n } = useFamilyTexts();
  const { t: careText } = useCareTexts();
  const lang = appLanguage(i18n);
  const navigate = useNavigate();
  const change = useChangeCare();
  const revoke = useRevokeCare();
  const [scopes, setScopes] = useState(link.scopes);
  const [minutes, setMinutes] = useState(link.missedDoseAfterMinutes);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { person } = link;
  const name = `${person.firstname} ${person.lastname}`;
  const relationship = careText(`relationships.${link.relationship}`);
  const active = link.status === 'active';
  const caring = link.direction === 'caring_for';
  // A profile the patient holds that cannot sign in (a child without a phone) is theirs to delete.
  const deletable = active && person.youHold;
  const changed = !sameScopes(scopes, link.scopes) || minutes !== link.missedDoseAfterMinutes;
  const noScope = !scopes.see && !scopes.book && !scopes.medicines && !scopes.alerts;
  const headingId = `care-link-${link.id}`;

  const save = () =>
    change.mutate(
      {
        linkId: link.id,
        body: {
          ...(sameScopes(scopes, link.scopes) ? {} : { scopes }),
          ...(minutes === link.missedDoseAfterMinutes ? {} : { missedDoseAfterMinutes: minutes }),
        },
      },
      { onSuccess: () => onNotice(t('link.saved')) },
    );

  const end = () =>
    revoke.mutate(link.id, {
      onSuccess: () => {
        setConfirming(false);
        onNotice(t('link.revoked'));
      },
    });

  const view = () => {
    selectPatient(owner, person.id);
    void navigate('/myhealth');
  };

  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={colour && active ? { borderLeft: 8, borderLeftColor: colour } : undefined}
    >
      <CardContent>
        <Stack spacing={2}>
          {/* The status wraps under the name when the text is large, rather than squeezing the name into a sliver. */}
          <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Avatar
              aria-hidden
              sx={{ bgcolor: colour ?? 'primary.main', color: colour ? '#fff' : 'primary.contrastText' }}
            >
              <Written>{person.firstname.slice(0, 1)}</Written>
            </Avatar>
            <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
              <Typography id={headingId} component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Written>{name}</Written>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {caring ? (
                  <NamedText t={careText} i18nKey="youAre" values={{ relationship, name: person.firstname }} />
                ) : (
                  <NamedText t={t} i18nKey="link.relationshipOf" values={{ relationship, name: person.firstname }} />
                )}
                {' · '}
                {t('link.age', { age: ageOn(person.birthday, todayInBangkok()) })}
              </Typography>
            </Box>
            <Chip
              size="small"
              label={t(`link.status.${link.status}`)}
              color={active ? 'success' : 'default'}
              variant={active ? 'filled' : 'outlined'}
            />
          </Stack>

          {link.awaitingChildsCode ? <ChildsCodeConfirm link={link} onNotice={onNotice} /> : null}
          {link.status === 'pending' && !link.awaitingYourAnswer && !link.awaitingChildsCode ? (
            <Typography variant="body2">{t('invitation.waiting', { name: person.firstname })}</Typography>
          ) : null}
          {link.status === 'suspended' ? (
            <Alert severity="warning">
              {t(caring ? 'link.suspendedCaregiver' : 'link.suspendedDependent', { name: person.firstname })}
            </Alert>
          ) : null}

          {caring && active ? (
            <Button variant="contained" onClick={view} sx={{ minHeight: 44 }}>
              <NamedText t={t} i18nKey="link.view" values={{ name: person.firstname }} />
            </Button>
          ) : null}

          {active ? (
            <>
              <ScopeFields
                value={scopes}
                onChange={setScopes}
                canTurnOn={() => link.canWiden}
                error={noScope ? careText('scopes.noScope') : undefined}
              />
              {link.canWiden ? null : (
                <Typography variant="body2" color="text.secondary">
                  {t('link.widenNote')}
                </Typography>
              )}
              {scopes.alerts ? (
                <Stack spacing={0.5}>
                  {/* Above the field, not in it: a label inside a select is cut at large text. */}
                  <Typography id={`${headingId}-minutes-label`} variant="body2">
                    {t('link.missedDose')}
                  </Typography>
                  <TextField
                    select
                    id={`${headingId}-minutes`}
                    slotProps={{ select: { labelId: `${headingId}-minutes-label` } }}
                    value={minutes}
                    onChange={(event) => setMinutes(Number(event.target.value))}
                  >
                    {MISSED_DOSE_MINUTES.map((value) => (
                      <MenuItem key={value} value={value} sx={{ minHeight: 44 }}>
                        {t('link.missedDoseMinutes', { minutes: value })}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              ) : null}
              {change.isError ? <Alert severity="error">{apiErrorMessage(t, change.error)}</Alert> : null}
              {changed ? (
                <Button
                  variant="contained"
                  onClick={save}
                  loading={change.isPending}
                  disabled={noScope}
                  sx={{ minHeight: 44 }}
                >
                  {t('link.save')}
                </Button>
              ) : null}
            </>
          ) : null}

          {link.canReport ? <ReportNotMyParent link={link} onNotice={onNotice} /> : null}

          {link.canRevoke && link.status !== 'revoked' ? (
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)} sx={{ minHeight: 44 }}>
              {t('link.revoke')}
            </Button>
          ) : null}

          {deletable ? (
            <Button
              variant="text"
              color="error"
              startIcon={<DeleteForeverIcon />}
              onClick={() => setDeleting(true)}
              sx={{ minHeight: 44 }}
            >
              {t('link.deleteProfile')}
            </Button>
          ) : null}

          {link.events.length > 0 ? (
            <Box component="section" aria-label={t('link.history')}>
              <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 600 }}>
                {t('link.history')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {link.events.map((event, i) => (
                  <Typography component="li" variant="body2" key={`${event.at}-${i}`}>
                    {t('link.eventLine', {
                      date: formatDayAndTime(event.at, lang),
                      action: t(`link.events.${event.action}`),
                      by: t(`link.eventBy.${event.by}`),
                    })}
                  </Typography>
                ))}
              </Box>
            </Box>
          ) : null}
        </Stack>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t('link.revokeTitle', { name: person.firstname })}
        body={t(caring ? 'link.revokeBodyCaregiver' : 'link.revokeBodyDependent', { name: person.firstname })}
        confirmLabel={t('link.revokeConfirm')}
        destructive
        busy={revoke.isPending}
        error={revoke.isError ? apiErrorMessage(t, revoke.error) : null}
        onConfirm={end}
        onClose={() => setConfirming(false)}
      />
      {deletable ? (
        <DeleteProfileDialog
          open={deleting}
          link={link}
          onClose={() => setDeleting(false)}
          onDeleted={(notice) => {
            setDeleting(false);
            onNotice(notice);
          }}
        />
      ) : null}
    </Card>
  );
}
