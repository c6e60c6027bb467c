import { todayInBangkok } from '@klaimor/contracts';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../lib/error-messages';
import { useCurrentUser } from '../../session/current-user';
import { usePatientScope } from '../../session/patient-scope';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { useDownloadFhir } from './my-data.queries';
import { useMyDataTexts } from './my-data.texts';
import { useWhoseHeading } from '../../session/use-whose-heading';

/** In the profile: take everything home (FHIR file, printable summary), or delete the account. */
export function MyDataSection() {
  const { t } = useMyDataTexts();
  const whose = useWhoseHeading();
  const me = useCurrentUser();
  const own = usePatientScope().dependentId === null;
  const download = useDownloadFhir();
  const [deleting, setDeleting] = useState(false);
  const phone = me.data?.phone ?? '';

  return (
    <Card variant="outlined" component="section" aria-labelledby="my-data-heading">
      <CardContent>
        <Typography id="my-data-heading" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
          {whose(t, 'section.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {t('section.intro')}
        </Typography>
        <Stack spacing={1.5}>
          <Box>
            <Button
              variant="outlined"
              fullWidth
              startIcon={<DownloadIcon />}
              loading={download.isPending}
              onClick={() => download.mutate(`klaimor-fhir-${todayInBangkok()}.json`)}
              aria-describedby="my-data-download-hint"
            >
              {t('section.download')}
            </Button>
            <Typography
              id="my-data-download-hint"
              variant="body2"
              color="text.secondary"
              component="p"
              sx={{ mt: 0.5, mx: 0.5 }}
            >
              {t('section.downloadHint')}
            </Typography>
          </Box>
          {download.isError ? <Alert severity="error">{apiErrorMessage(t, download.error)}</Alert> : null}
          {download.isSuccess ? (
            <Alert severity="success" onClose={() => download.reset()}>
              {t('section.downloaded')}
            </Alert>
          ) : null}
          <Button variant="outlined" fullWidth startIcon={<PrintIcon />} component={Link} to="/my-data/summary">
            {t('section.summary')}
          </Button>
          <Button variant="outlined" fullWidth startIcon={<VisibilityIcon />} component={Link} to="/my-data/access">
            {t('section.accessLog')}
          </Button>
          {/* Deleting takes the account itself: only its owner's, never a dependent's from a caregiver. */}
          {own ? (
            <Button
              variant="text"
              color="error"
              fullWidth
              startIcon={<DeleteForeverIcon />}
              onClick={() => setDeleting(true)}
            >
              {t('section.deleteAccount')}
            </Button>
          ) : null}
        </Stack>
      </CardContent>
      <DeleteAccountDialog open={deleting} phone={phone} onClose={() => setDeleting(false)} />
    </Card>
  );
}
