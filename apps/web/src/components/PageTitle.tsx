import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageTitleProps {
  children: ReactNode;
  subtitle?: ReactNode;
}

/** The one h1 of a screen. */
export function PageTitle({ children, subtitle }: PageTitleProps) {
  return (
    <header>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      ) : null}
    </header>
  );
}
