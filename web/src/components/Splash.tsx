import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Logo } from './Logo.tsx';

/** Shown while the app or a lazy screen loads. */
export function Splash({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Box
      aria-busy="true"
      sx={{ minHeight: fullScreen ? '100vh' : 240, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 3 }}
    >
      {fullScreen ? <Logo height={40} /> : null}
      <LinearProgress sx={{ width: 200 }} />
    </Box>
  );
}
