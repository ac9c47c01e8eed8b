import Box from '@mui/material/Box';
import { PRODUCT_NAME } from '@gearwatch/contracts';

/** The Gearwatch mark and word; `inverted` for dark backgrounds such as the app bar. */
export function Logo({ inverted = false, height = 32 }: { inverted?: boolean; height?: number }) {
  const ink = inverted ? '#fff' : '#1565c0';
  const mark = inverted ? '#fff' : '#2196f3';
  const cut = inverted ? '#1976d2' : '#fff';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, height }}>
      <svg viewBox="0 0 32 32" width={height} height={height} aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill={mark} />
        <path d="M16 6a10 10 0 1 0 10 10h-4a6 6 0 1 1-6-6z" fill={cut} />
        <circle cx="16" cy="16" r="2.5" fill={cut} />
      </svg>
      <Box component="span" sx={{ fontWeight: 700, fontSize: height * 0.62, letterSpacing: 0.5, color: ink, fontFamily: 'Roboto, Helvetica, Arial, sans-serif' }}>
        {PRODUCT_NAME}
      </Box>
    </Box>
  );
}
