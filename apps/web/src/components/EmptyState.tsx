import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** Says plainly that there is nothing here yet, and what would make something appear. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        px: 2,
        py: 4,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 3,
        bgcolor: 'background.paper',
      }}
    >
      {icon ? <Box sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box> : null}
      <Typography component="p" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      ) : null}
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
    </Box>
  );
}
