import type { SystemClient } from '@klaimor/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { useStaffTexts } from '../staff.texts';
import { CopyableValue } from './CopyableValue';
import { orderedScopes } from './systems-format';

export interface ConnectionPanelProps {
  system: SystemClient;
  /** Just registered: the panel says so. */
  justRegistered: boolean;
  onClose: () => void;
}

/**
 * What the hospital's integrator needs to connect the system: its client id, the token endpoint, the FHIR base and the
 * scopes it may ask for.
 * Both addresses are this app's own, where the admin opened it (the server's PUBLIC_URL, which the token endpoint
 * checks the assertion's audience against, is the same address).
 */
export function ConnectionPanel({ system, justRegistered, onClose }: ConnectionPanelProps) {
  const { t } = useStaffTexts();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const origin = window.location.origin;

  // The panel opens from a dialog or a row further down: the reader is taken to it.
  useEffect(() => {
    heading.current?.focus();
  }, [system.id]);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 2,
        borderColor: justRegistered ? 'success.main' : 'primary.main',
        borderWidth: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, mb: 2 }}>
        <Box sx={{ color: justRegistered ? 'success.main' : 'primary.main', pt: 0.25, '& svg': { fontSize: 28 } }}>
          {justRegistered ? <CheckCircleIcon /> : <KeyIcon />}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            id={headingId}
            ref={heading}
            tabIndex={-1}
            variant="h6"
            component="h2"
            sx={{ fontWeight: 600, outline: 'none' }}
          >
            {justRegistered
              ? t('systems.connectionPanel.registeredTitle', { name: system.name })
              : t('systems.connectionPanel.title', { name: system.name })}
          </Typography>
          <Typography color="text.secondary">{t('systems.connectionPanel.intro')}</Typography>
        </Box>
      </Box>
      <Stack spacing={2}>
        <CopyableValue label={t('systems.clientId')} value={system.clientId} />
        <CopyableValue label={t('systems.connectionPanel.tokenEndpoint')} value={`${origin}/fhir/auth/token`} />
        <CopyableValue label={t('systems.connectionPanel.fhirBase')} value={`${origin}/fhir`} />
        {/* What the token request's `scope` may hold: a system asking for others gets only these. */}
        <CopyableValue label={t('systems.connectionPanel.scopes')} value={orderedScopes(system.scopes).join(' ')} />
        <Alert severity="info" icon={<KeyIcon />}>
          {t('systems.connectionPanel.privateKey')}
        </Alert>
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="outlined" onClick={onClose}>
          {t('systems.connectionPanel.done')}
        </Button>
      </Box>
    </Paper>
  );
}
