import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export interface PanelSectionProps {
  title: string;
  intro?: string;
  /** Buttons beside the title (below it on a phone). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One part of a staff screen: a heading, a line saying what it is, its buttons, its content. */
export function PanelSection({ title, intro, actions, children }: PanelSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: 1.5,
          mb: 1.5,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {intro ? (
            <Typography variant="body2" color="text.secondary">
              {intro}
            </Typography>
          ) : null}
        </Box>
        {actions ? <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box> : null}
      </Box>
      {children}
    </Box>
  );
}
