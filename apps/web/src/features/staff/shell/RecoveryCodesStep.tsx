import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { useStaffTexts } from '../staff.texts';

/** Enrolment, last step: the recovery codes, shown this once; the member says they kept them before going on. */
export function RecoveryCodesStep({ recoveryCodes }: { recoveryCodes: string[] }) {
  const { t } = useStaffTexts();
  const navigate = useNavigate();
  const [kept, setKept] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodes.join('\n'));
      setNotice(t('enrol.codesStep.copied'));
    } catch {
      // no clipboard (an older browser, or permission refused): the codes stay on screen to write down
    }
  };

  return (
    <Stack spacing={2.5}>
      <Alert severity="warning">
        <AlertTitle>{t('enrol.codesStep.warningTitle')}</AlertTitle>
        {t('enrol.codesStep.warning')}
      </Alert>
      <Box
        component="ol"
        aria-label={t('enrol.codesStep.listLabel')}
        sx={{
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, max-content)' },
          justifyContent: 'center',
          columnGap: 4,
          rowGap: 1,
          listStylePosition: 'inside',
          fontFamily: 'monospace',
          fontSize: '1.1rem',
          bgcolor: 'background.default',
          borderRadius: 2,
        }}
      >
        {recoveryCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('enrol.codesStep.copy')}
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('enrol.codesStep.print')}
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={kept} onChange={(e) => setKept(e.target.checked)} />}
        label={t('enrol.codesStep.kept')}
      />
      <Button
        variant="contained"
        size="large"
        disabled={!kept}
        onClick={() => void navigate('/staff', { replace: true })}
      >
        {t('enrol.codesStep.continue')}
      </Button>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
}
