import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface SectionProps {
  /** Already translated. */
  title: string;
  /** Beside the title (a date range, a count). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** One titled block of a detail page; a region named by its heading, so tests and screen readers find it. */
export function Section({ title, actions, children, testId }: SectionProps) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} data-testid={testId} sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 500, flex: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}
