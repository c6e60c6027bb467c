import type { CareLink } from '@klaimor/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { FormDialog } from '../../components/FormDialog';
import { LoadingState } from '../../components/LoadingState';
import { NoticeSnackbar } from '../../components/NoticeSnackbar';
import { PageTitle } from '../../components/PageTitle';
import { AddDependentForm } from './AddDependentForm';
import { CareLinkCard } from './CareLinkCard';
import { InviteForm } from './InviteForm';
import { InvitationCard } from './InvitationCard';
import { useFamilyTexts } from './family.texts';
import { dependentColour } from '../../session/person-colours';
import { activeDependents, useFamily } from '../../session/care-links';
import { useOwnerId } from '../../session/patient-scope';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>{children}</Stack>
    </Box>
  );
}

type AddKind = 'no_app' | 'has_app';

/** The add dialog: first whether the person has the app, then the form for that case. */
function AddFamilyMember({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useFamilyTexts();
  const [kind, setKind] = useState<AddKind>('no_app');
  return (
    <FormDialog open={open} title={t('add.title')} onClose={onClose}>
      <Stack spacing={2.5}>
        <FormControl>
          <FormLabel id="add-kind-label">{t('add.howLabel')}</FormLabel>
          <RadioGroup
            aria-labelledby="add-kind-label"
            value={kind}
            onChange={(event) => setKind(event.target.value as AddKind)}
          >
            {(['no_app', 'has_app'] as const).map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                sx={{ minHeight: 44, alignItems: 'flex-start', '& .MuiRadio-root': { mt: -0.75 } }}
                label={
                  <>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
                      {t(value === 'no_app' ? 'add.noApp' : 'add.hasApp')}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                      {t(value === 'no_app' ? 'add.noAppHint' : 'add.hasAppHint')}
                    </Typography>
                  </>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        {kind === 'no_app' ? (
          <AddDependentForm
            onCancel={onClose}
            onAdded={(link) => onDone(t('add.added', { name: link.person.firstname }))}
          />
        ) : (
          <InviteForm
            onCancel={onClose}
            onInvited={(link) =>
              onDone(link.awaitingChildsCode ? t('add.askedChild', { name: link.person.firstname }) : t('add.invited'))
            }
          />
        )}
      </Stack>
    </FormDialog>
  );
}

/** /family: the people the patient looks after and who looks after them, invitations to answer, and adding someone. */
export function FamilyPage() {
  const { t } = useFamilyTexts();
  const owner = useOwnerId();
  const family = useFamily();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const done = (message: string) => {
    setAdding(false);
    setNotice(message);
  };

  let body: ReactNode;
  if (family.isPending) body = <LoadingState label={t('page.loading')} />;
  else if (family.isError) body = <ErrorState onRetry={() => void family.refetch()} />;
  else {
    const links = family.data;
    const waiting = links.filter((link) => link.awaitingYourAnswer && link.status === 'pending');
    const colours = new Map(activeDependents(links).map((link, i) => [link.id, dependentColour(i)]));
    const dependents = links.filter((link) => link.direction === 'caring_for');
    const caregivers = links.filter((link) => link.direction === 'cared_for_by' && !waiting.includes(link));
    const guardians = caregivers.filter((link) => link.status === 'active' && link.basis === 'guardian');
    const card = (link: CareLink) => (
      <CareLinkCard
        key={`${link.id}-${link.events.length}`}
        link={link}
        owner={owner}
        colour={colours.get(link.id)}
        onNotice={setNotice}
      />
    );
    body = (
      <>
        {guardians.length > 0 ? (
          <Alert severity="info">
            {t('page.guardianNote', {
              names: guardians.map((link) => `${link.person.firstname} ${link.person.lastname}`).join(', '),
            })}
          </Alert>
        ) : null}
        {waiting.length > 0 ? (
          <Section id="family-invitations" title={t('page.invitations')}>
            {waiting.map((link) => (
              <InvitationCard key={link.id} link={link} onNotice={setNotice} />
            ))}
          </Section>
        ) : null}
        <Section id="family-dependents" title={t('page.dependents')}>
          {dependents.length === 0 ? (
            <EmptyState
              icon={<FamilyRestroomIcon />}
              title={t('page.noDependents')}
              description={t('page.noDependentsBody')}
            />
          ) : (
            dependents.map(card)
          )}
        </Section>
        <Section id="family-caregivers" title={t('page.caregivers')}>
          {caregivers.length === 0 ? (
            <Typography color="text.secondary">{t('page.noCaregivers')}</Typography>
          ) : (
            caregivers.map(card)
          )}
        </Section>
      </>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Button
        component={Link}
        to="/myhealth"
        startIcon={<ArrowBackIcon />}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
      >
        {t('page.back')}
      </Button>
      <PageTitle subtitle={t('page.subtitle')}>{t('page.title')}</PageTitle>
      <Button variant="contained" startIcon={<GroupAddIcon />} onClick={() => setAdding(true)} sx={{ minHeight: 44 }}>
        {t('page.add')}
      </Button>
      {body}
      <AddFamilyMember open={adding} onClose={() => setAdding(false)} onDone={done} />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
