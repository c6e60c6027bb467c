import { SetSlotFeedBody, type SlotFeed } from '@klaimor/contracts';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadingState } from '../../../components/LoadingState';
import { NoticeSnackbar } from '../../../components/NoticeSnackbar';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { StaffLoadError } from '../shared/StaffLoadError';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { feedOutcome, feedUrlMessage } from './slot-feed-format';
import { useClearSlotFeed, useReadSlotFeed, useSetSlotFeed, useSlotFeed } from './slot-feed.queries';

interface FeedValues {
  manifestUrl: string;
}

const resolver = contractResolver(SetSlotFeedBody, (v: FeedValues) => ({ manifestUrl: v.manifestUrl.trim() }));

export interface SlotFeedSectionProps {
  facilityId: string;
}

/**
 * The facility's availability feed on the systems screen: the address of the hospital system's `$bulk-publish`
 * manifest (checked with the contract's SetSlotFeedBody), saved, cleared or read now, and how its last read went.
 */
export function SlotFeedSection({ facilityId }: SlotFeedSectionProps) {
  const { t } = useStaffTexts();
  const feed = useSlotFeed(facilityId);
  const headingId = 'slot-feed-heading';
  // Here, not in the form: a save or a clear makes the form anew, and what it says outlives it.
  const [notice, setNotice] = useState<string | null>(null);

  let body;
  if (feed.isPending) body = <LoadingState label={t('systems.feed.loading')} />;
  else if (feed.isError) body = <StaffLoadError error={feed.error} onRetry={() => void feed.refetch()} />;
  // Keyed by the address, so the box shows the saved one again after a save or a clear.
  else
    body = (
      <FeedForm key={feed.data?.manifestUrl ?? ''} facilityId={facilityId} feed={feed.data} onNotice={setNotice} />
    );

  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <RssFeedIcon color="primary" aria-hidden />
          <Typography id={headingId} component="h2" variant="h6">
            {t('systems.feed.title')}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('systems.feed.intro')}
        </Typography>
        {body}
      </Stack>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Paper>
  );
}

interface FeedFormProps {
  facilityId: string;
  feed: SlotFeed | null;
  onNotice: (notice: string) => void;
}

function FeedForm({ facilityId, feed, onNotice: setNotice }: FeedFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const set = useSetSlotFeed(facilityId);
  const clear = useClearSlotFeed(facilityId);
  const read = useReadSlotFeed(facilityId);
  const { form, formError, onSubmit } = useContractForm<FeedValues, SetSlotFeedBody>({
    resolver,
    defaultValues: { manifestUrl: feed?.manifestUrl ?? '' },
    fields: ['manifestUrl'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const submit = onSubmit(async (body) => {
    await set.mutateAsync(body);
    setNotice(t('systems.feed.saved'));
  });
  const act = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) setNotice(done);
    } catch (error) {
      setNotice(staffErrorMessage(t, error, lang));
    }
  };

  const { ref, ...url } = register('manifestUrl');
  const urlMessage = feedUrlMessage(t, errors.manifestUrl?.message);
  const outcome = feed ? feedOutcome(t, feed, lang) : null;

  return (
    <Stack spacing={2}>
      <Stack component="form" noValidate spacing={1.5} onSubmit={(e) => void submit(e)}>
        <TextField
          {...url}
          inputRef={ref}
          id="slot-feed-url"
          type="url"
          label={t('systems.feed.url')}
          error={urlMessage !== undefined}
          helperText={urlMessage ?? t('systems.feed.urlHint')}
          slotProps={{ htmlInput: { maxLength: 2000, autoComplete: 'off', spellCheck: false, inputMode: 'url' } }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('systems.feed.save')}
          </Button>
          {feed ? (
            <>
              <Button variant="outlined" loading={read.isPending} onClick={() => void act(() => read.mutateAsync())}>
                {t('systems.feed.readNow')}
              </Button>
              <Button
                color="error"
                loading={clear.isPending}
                onClick={() => void act(() => clear.mutateAsync(), t('systems.feed.cleared'))}
              >
                {t('systems.feed.clear')}
              </Button>
            </>
          ) : null}
        </Box>
      </Stack>
      {outcome === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('systems.feed.none')}
        </Typography>
      ) : outcome.kind === 'failed' ? (
        <Alert severity="error" role="status">
          <Typography sx={{ fontWeight: 600 }}>{outcome.text}</Typography>
          <Typography variant="body2">{outcome.reason}</Typography>
          <Typography variant="body2">{t('systems.feed.keptAsIs')}</Typography>
        </Alert>
      ) : (
        <Alert severity={outcome.kind === 'read' ? 'success' : 'info'} role="status">
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}
