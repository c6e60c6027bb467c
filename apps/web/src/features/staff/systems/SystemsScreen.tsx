import type { SystemClient } from '@klaimor/contracts';
import AddLinkIcon from '@mui/icons-material/AddLink';
import HubIcon from '@mui/icons-material/HubOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormDialog } from '../../../components/FormDialog';
import { LoadingState } from '../../../components/LoadingState';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { PageTitle } from '../../../components/PageTitle';
import { appLanguage } from '../../../i18n/language';
import { StaffLoadError } from '../shared/StaffLoadError';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { ConnectionPanel } from './ConnectionPanel';
import { RegisterSystemForm } from './RegisterSystemForm';
import { SlotFeedSection } from './SlotFeedSection';
import { SystemClientList } from './SystemClientList';
import { useDisableSystemClient, useEnableSystemClient, useSystemClients } from './systems.queries';

export interface SystemsScreenProps {
  facilityId: string;
  facilityName: string;
}

/**
 * The hospital's own systems that may use the FHIR API (SMART Backend Services), for the facility's admin: register
 * one by its public keys and what it may do, hand its integrator the client id and addresses, and disable it (its
 * tokens stop working at once) or enable it again.
 */
export function SystemsScreen({ facilityId, facilityName }: SystemsScreenProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const systems = useSystemClients(facilityId);
  const disable = useDisableSystemClient(facilityId);
  const enable = useEnableSystemClient(facilityId);
  const [registering, setRegistering] = useState(false);
  /** The system whose connection details are shown, and whether it was just registered. */
  const [shown, setShown] = useState<{ system: SystemClient; justRegistered: boolean } | null>(null);
  const [disabling, setDisabling] = useState<SystemClient | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirmDisable = async () => {
    if (!disabling) return;
    try {
      await disable.mutateAsync(disabling);
      setNotice(t('systems.disabled', { name: disabling.name }));
      setDisabling(null);
    } catch {
      // shown in the dialog
    }
  };
  const enableAgain = async (system: SystemClient) => {
    try {
      await enable.mutateAsync(system);
      setNotice(t('systems.enabled', { name: system.name }));
    } catch (error) {
      setNotice(staffErrorMessage(t, error, lang));
    }
  };

  let body;
  if (systems.isPending) body = <LoadingState label={t('systems.loading')} />;
  else if (systems.isError) body = <StaffLoadError error={systems.error} onRetry={() => void systems.refetch()} />;
  else if (systems.data.length === 0)
    body = <EmptyState icon={<HubIcon />} title={t('systems.empty')} description={t('systems.emptyBody')} />;
  else
    body = (
      <SystemClientList
        systems={systems.data}
        onConnection={(system) => setShown({ system, justRegistered: false })}
        onDisable={(system) => {
          disable.reset();
          setDisabling(system);
        }}
        onEnable={(system) => void enableAgain(system)}
      />
    );

  return (
    <Stack spacing={2.5}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1.5 }}
      >
        <PageTitle subtitle={t('systems.intro', { facility: facilityName })}>{t('systems.title')}</PageTitle>
        <Button variant="contained" startIcon={<AddLinkIcon />} onClick={() => setRegistering(true)}>
          {t('systems.register')}
        </Button>
      </Box>
      {shown ? (
        <ConnectionPanel system={shown.system} justRegistered={shown.justRegistered} onClose={() => setShown(null)} />
      ) : null}
      {systems.data && systems.data.length > 0 ? (
        <Typography sx={{ fontWeight: 600 }}>{t('systems.count', { count: systems.data.length })}</Typography>
      ) : null}
      {body}
      <SlotFeedSection facilityId={facilityId} />
      <FormDialog open={registering} title={t('systems.register')} onClose={() => setRegistering(false)} wide>
        <RegisterSystemForm
          facilityId={facilityId}
          onCancel={() => setRegistering(false)}
          onRegistered={(system) => {
            setRegistering(false);
            setShown({ system, justRegistered: true });
          }}
        />
      </FormDialog>
      <ConfirmDialog
        open={disabling !== null}
        title={disabling ? t('systems.confirmDisable.title', { name: disabling.name }) : ''}
        body={t('systems.confirmDisable.body')}
        confirmLabel={t('systems.confirmDisable.confirm')}
        destructive
        busy={disable.isPending}
        error={disable.isError ? staffErrorMessage(t, disable.error, lang) : null}
        onConfirm={() => void confirmDisable()}
        onClose={() => setDisabling(null)}
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
