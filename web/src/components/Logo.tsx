import Box from '@mui/material/Box';
import type { Brand } from '@gearwatch/contracts';
import { brandProfile } from '@gearwatch/contracts';

/** The Gearwatch mark (the default and second brands). */
function GearwatchMark({ size, inverted }: { size: number; inverted: boolean }) {
  const mark = inverted ? '#fff' : '#2196f3';
  const cut = inverted ? '#1976d2' : '#fff';
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" data-brand-mark="gearwatch">
      <circle cx="16" cy="16" r="15" fill={mark} />
      <path d="M16 6a10 10 0 1 0 10 10h-4a6 6 0 1 1-6-6z" fill={cut} />
      <circle cx="16" cy="16" r="2.5" fill={cut} />
    </svg>
  );
}

/** The third brand's own mark: a hexagon with an F. */
function FleetwiseMark({ size, inverted }: { size: number; inverted: boolean }) {
  const mark = inverted ? '#fff' : '#2e7d32';
  const cut = inverted ? '#1976d2' : '#fff';
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" data-brand-mark="fleetwise">
      <path d="M16 1l13 7.5v15L16 31 3 23.5v-15z" fill={mark} />
      <path d="M10 22V10h12v3h-8v2.5h6v3h-6V22z" fill={cut} />
    </svg>
  );
}

/**
 * The brand's mark and word (spec 01 §1, branding; the same drawings as web/public/brands/<brand>/logo.svg);
 * `inverted` for dark backgrounds such as the app bar. Without a brand (the start-up splash, before the configuration
 * has loaded) the default one.
 */
export function Logo({ brand = 'default', inverted = false, height = 32 }: { brand?: Brand; inverted?: boolean; height?: number }) {
  const profile = brandProfile(brand);
  const ink = inverted ? '#fff' : brand === 'third' ? '#1b5e20' : '#1565c0';
  const Mark = brand === 'third' ? FleetwiseMark : GearwatchMark;
  return (
    <Box component="span" data-brand={brand} sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, height }}>
      <Mark size={height} inverted={inverted} />
      <Box
        component="span"
        sx={{ fontWeight: 700, fontSize: height * 0.62, letterSpacing: 0.5, color: ink, fontFamily: 'Roboto, Helvetica, Arial, sans-serif' }}
      >
        {profile.productName}
      </Box>
    </Box>
  );
}
