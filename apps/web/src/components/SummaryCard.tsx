import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SummaryCardProps {
  /** The heading's element id, which labels the card's section. */
  headingId: string;
  title: string;
  icon: ReactNode;
  /** The page the whole card opens. */
  to: string;
  children: ReactNode;
}

/** A home-screen card: an icon, a small heading and a line or two of summary, opening its feature's page. */
export function SummaryCard({ headingId, title, icon, to, children }: SummaryCardProps) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardActionArea component={Link} to={to}>
        <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 44,
              height: 44,
              flex: '0 0 44px',
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(106,166,255,0.15)',
              color: 'primary.dark',
            }}
          >
            {icon}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={headingId} component="h2" variant="subtitle2" color="text.secondary">
              {title}
            </Typography>
            {children}
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
