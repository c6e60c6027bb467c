import type { SystemClient } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { appLanguage } from '../../../i18n/language';
import { formatDateTime } from '../shared/staff-format';
import { useStaffTexts } from '../staff.texts';
import { CopyableValue } from './CopyableValue';
import { isSystemScope, keyOf, orderedScopes, scopeName } from './systems-format';

const mono = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

export interface SystemClientListProps {
  systems: SystemClient[];
  onConnection: (system: SystemClient) => void;
  onDisable: (system: SystemClient) => void;
  onEnable: (system: SystemClient) => void;
}

/**
 * The facility's registered systems: name and client id, what each may do, where its keys come from, whether it is
 * active, and what an admin may do about each. A table on a tablet or desktop, one card per system on a phone.
 */
export function SystemClientList({ systems, onConnection, onDisable, onEnable }: SystemClientListProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const name = (s: SystemClient) => (
    <>
      <Typography component="span" sx={{ fontWeight: 600, display: 'block', mb: 0.75, overflowWrap: 'anywhere' }}>
        {s.name}
      </Typography>
      <CopyableValue
        label={t('systems.clientId')}
        value={s.clientId}
        copyName={t('systems.copyClientIdOf', { name: s.name })}
      />
    </>
  );
  // Each scope in words, with the scope itself beneath for the integrator.
  const scopes = (s: SystemClient) => (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', rowGap: 0.75 }}>
      {orderedScopes(s.scopes).map((scope) => (
        <li key={scope}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 500, lineHeight: 1.35 }}>
            {isSystemScope(scope) ? scopeName(t, scope) : t('systems.unknownScope')}
          </Typography>
          <Typography component="code" variant="body2" color="text.secondary" sx={{ ...mono, display: 'block' }}>
            {scope}
          </Typography>
        </li>
      ))}
    </Box>
  );
  const keys = (s: SystemClient) =>
    s.jwksUrl !== null ? (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('systems.keysAtUrl')}
        </Typography>
        <Typography component="code" variant="body2" sx={{ ...mono, display: 'block' }}>
          {s.jwksUrl}
        </Typography>
      </>
    ) : (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {t('systems.keysPasted', { count: s.jwks?.keys.length ?? 0 })}
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {(s.jwks?.keys ?? []).map((jwk, i) => (
            <Typography key={i} component="li" variant="body2" sx={mono}>
              {t('systems.keyLine', keyOf(jwk))}
            </Typography>
          ))}
        </Box>
      </>
    );
  /** Active or disabled, in words as well as colour, with when it was registered (and disabled). */
  const status = (s: SystemClient) => (
    <>
      {s.disabledAt === null ? (
        <Chip size="small" color="success" variant="outlined" label={t('systems.status.active')} />
      ) : (
        <Chip size="small" color="error" label={t('systems.status.disabled')} />
      )}
      {s.disabledAt !== null ? (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'error.dark' }}>
          {t('systems.disabledAt', { date: formatDateTime(t, s.disabledAt, lang) })}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('systems.registeredAt', { date: formatDateTime(t, s.createdAt, lang) })}
      </Typography>
    </>
  );
  const actions = (s: SystemClient) => (
    <Box
      sx={{
        display: 'flex',
        flexDirection: phone ? 'row' : 'column',
        flexWrap: 'wrap',
        gap: 0.5,
        alignItems: phone ? 'center' : 'flex-end',
        '& button': { whiteSpace: 'nowrap' },
      }}
    >
      <Button size="small" onClick={() => onConnection(s)} aria-label={t('systems.connectionNamed', { name: s.name })}>
        {t('systems.connection')}
      </Button>
      {s.disabledAt === null ? (
        <Button
          size="small"
          color="error"
          onClick={() => onDisable(s)}
          aria-label={t('systems.disableNamed', { name: s.name })}
        >
          {t('systems.disable')}
        </Button>
      ) : (
        <Button size="small" onClick={() => onEnable(s)} aria-label={t('systems.enableNamed', { name: s.name })}>
          {t('systems.enable')}
        </Button>
      )}
    </Box>
  );

  if (phone) {
    return (
      <Stack component="ul" aria-label={t('systems.listLabel')} spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {systems.map((s) => (
          <Paper component="li" key={s.id} variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
            {name(s)}
            <Box sx={{ mt: 1.5 }}>{status(s)}</Box>
            <Box sx={{ mt: 1.5 }}>{scopes(s)}</Box>
            <Box sx={{ mt: 1.5 }}>{keys(s)}</Box>
            <Box sx={{ mt: 1 }}>{actions(s)}</Box>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('systems.listLabel')} sx={{ '& td, & th': { py: 1.25, verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('systems.columns.system')}</TableCell>
            <TableCell>{t('systems.columns.scopes')}</TableCell>
            <TableCell>{t('systems.columns.keys')}</TableCell>
            <TableCell>{t('systems.columns.status')}</TableCell>
            <TableCell align="right">{t('systems.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {systems.map((s) => (
            <TableRow key={s.id} hover>
              <TableCell sx={{ width: '26%', minWidth: 220 }}>{name(s)}</TableCell>
              <TableCell sx={{ width: '23%', minWidth: 180 }}>{scopes(s)}</TableCell>
              <TableCell sx={{ width: '19%', minWidth: 160 }}>{keys(s)}</TableCell>
              <TableCell sx={{ width: '20%', minWidth: 200 }}>{status(s)}</TableCell>
              <TableCell>{actions(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
