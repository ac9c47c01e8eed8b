import type { SvgIconComponent } from '@mui/icons-material';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** How one state of a dictionary list is shown: its own icon, colour (a theme palette path) and text key. */
export interface StateLook {
  icon: SvgIconComponent;
  color: string;
  text: string;
}

/** A state's icon and text in its colour; `testId` and `state` let tests and styles find it. */
export function StateLabel({ look, label, state, testId }: { look: StateLook; label: string; state: string; testId?: string }) {
  const { icon: Icon, color } = look;
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color }} data-testid={testId} data-state={state}>
      <Icon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ color, fontWeight: 500 }}>
        {label}
      </Typography>
    </Stack>
  );
}
