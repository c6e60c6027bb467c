import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useStaffTexts } from '../staff.texts';

export interface CopyableValueProps {
  /** What the value is: 'รหัสระบบ (client ID)'; the copy button is named by it. */
  label: string;
  value: string;
  /** The label shown above the value; off where a column heading already says it. */
  showLabel?: boolean;
  /** The copy button's name, where several on a screen copy the same kind of value ('คัดลอกรหัสระบบของ HIS'). */
  copyName?: string;
}

/**
 * A value an integrator types into their system (a client id, an address): in monospace, selectable as it is, with a
 * button that copies it and says whether it did.
 */
export function CopyableValue({ label, value, showLabel = true, copyName }: CopyableValueProps) {
  const { t } = useStaffTexts();
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('copied');
    } catch {
      // no clipboard (an older browser, or permission refused): the value stays on screen to select
      setCopied('failed');
    }
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      {showLabel ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.25 }}>
          {label}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}>
        <Box
          component="code"
          sx={{
            fontFamily: 'monospace',
            fontSize: '0.95rem',
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'action.hover',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {value}
        </Box>
        <Button
          size="small"
          startIcon={<ContentCopyIcon />}
          onClick={() => void copy()}
          aria-label={copyName ?? t('systems.copyNamed', { label })}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('systems.copy')}
        </Button>
        <Typography
          role="status"
          variant="body2"
          color={copied === 'failed' ? 'error' : 'success.dark'}
          sx={{ fontWeight: 500 }}
        >
          {copied === 'copied' ? t('systems.copied') : copied === 'failed' ? t('systems.copyFailed') : ''}
        </Typography>
      </Box>
    </Box>
  );
}
