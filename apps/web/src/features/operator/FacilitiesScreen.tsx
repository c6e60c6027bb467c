import { FACILITY_KINDS, type FacilityKind, type OperatorFacilitiesQuery, OPERATOR_PAGE } from '@klaimor/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { usePlaceTexts } from '../../i18n/places/places.texts';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useOperatorFacilities } from './operator.queries';
import { useOperatorTexts } from './operator.texts';

const FILTERS = ['flagged', 'takesBookings', 'hidden'] as const;

/** Finding facilities: by name, code or place, and by what needs the operator's eye; the filters live in the URL. */
export function FacilitiesScreen() {
  const { t } = useOperatorTexts();
  const { t: places } = usePlaceTexts();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const kind = params.get('kind') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const debouncedQ = useDebouncedValue(q, 300);
  const query: OperatorFacilitiesQuery = {
    q: debouncedQ || undefined,
    kind: (kind || undefined) as FacilityKind | undefined,
    page,
    ...Object.fromEntries(FILTERS.filter((f) => params.get(f) === 'true').map((f) => [f, 'true'])),
  };
  const list = useOperatorFacilities(query);
  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / OPERATOR_PAGE));

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('list.title')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 300px' }, gap: 2, alignItems: 'start' }}>
        <TextField
          id="operator-search"
          type="search"
          label={t('list.search')}
          helperText={t('list.searchHint')}
          value={q}
          onChange={(e) => set({ q: e.target.value })}
        />
        <TextField
          select
          id="operator-kind"
          label={t('list.kind')}
          value={kind}
          onChange={(e) => set({ kind: e.target.value })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('list.anyKind')}</option>
          {FACILITY_KINDS.map((k) => (
            <option key={k} value={k}>
              {places(`kinds.${k}`)}
            </option>
          ))}
        </TextField>
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
        {FILTERS.map((f) => (
          <FormControlLabel
            key={f}
            control={
              <Checkbox
                checked={params.get(f) === 'true'}
                onChange={(e) => set({ [f]: e.target.checked ? 'true' : null })}
              />
            }
            label={t(`list.filters.${f}`)}
          />
        ))}
      </Stack>
      {list.isPending ? (
        <LoadingState label={t('loading')} />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Typography role="status">{t('list.count', { count: total })}</Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={t('list.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('list.columns.name')}</TableCell>
                  <TableCell>{t('list.columns.kind')}</TableCell>
                  <TableCell>{t('list.columns.place')}</TableCell>
                  <TableCell>{t('list.columns.code')}</TableCell>
                  <TableCell>{t('list.columns.state')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.data.map((f) => (
                  <TableRow key={f.id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={`/operator/facilities/${encodeURIComponent(f.id)}`}>
                        {f.nameTh}
                      </Link>
                    </TableCell>
                    <TableCell>{places(`kinds.${f.kind}`)}</TableCell>
                    <TableCell>{[f.district, f.province].filter(Boolean).join(', ')}</TableCell>
                    <TableCell>{f.mophCode ?? '–'}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                        {f.takesBookings ? (
                          <Chip size="small" color="success" label={t('state.takesBookings')} />
                        ) : null}
                        {f.positionFlag ? <Chip size="small" color="warning" label={t('state.flagged')} /> : null}
                        {f.hiddenReason ? <Chip size="small" label={t(`state.hidden.${f.hiddenReason}`)} /> : null}
                        {f.promptPay !== 'none' ? (
                          <Chip size="small" variant="outlined" label={t(`state.promptPay.${f.promptPay}`)} />
                        ) : null}
                        {f.admins === 0 ? <Chip size="small" variant="outlined" label={t('state.noAdmin')} /> : null}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
            <Button disabled={page <= 1} onClick={() => set({ page: String(page - 1) })}>
              {t('list.previous')}
            </Button>
            <Typography>{t('list.page', { page, pages })}</Typography>
            <Button disabled={page >= pages} onClick={() => set({ page: String(page + 1) })}>
              {t('list.next')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
