import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface LinkedRowsProps {
  rows: readonly { id: number; name: string }[];
  path: (id: number) => string;
  /** Shown when there are none; already translated. */
  empty: string;
  testId?: string;
}

/** The members of a row (a group's devices, an operator's devices) as chips linking to their pages. */
export function LinkedRows({ rows, path, empty, testId }: LinkedRowsProps) {
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 2 }} data-testid={testId}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="ul" data-testid={testId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5, m: 0, listStyle: 'none' }}>
      {rows.map((row) => (
        <li key={row.id}>
          <Chip label={row.name} component={RouterLink} to={path(row.id)} clickable variant="outlined" />
        </li>
      ))}
    </Box>
  );
}
