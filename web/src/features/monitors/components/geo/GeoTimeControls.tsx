import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { SliderBounds } from './geo-time.ts';

export interface GeoTimeControlsProps {
  bounds: SliderBounds;
  value: number;
  onChange: (value: number) => void;
  /** The slider's time as read by the user. */
  format: (ms: number) => string;
  sliderDisabled: boolean;
  route: boolean;
  onRouteChange: (route: boolean) => void;
  routeDisabled: boolean;
  /** Why the route cannot be shown (a translated text), as the disabled switch's tooltip. */
  routeHint: string | null;
}

/** The time slider choosing the position shown, and the route switch (spec 02 §2 item 6). */
export function GeoTimeControls({ bounds, value, onChange, format, sliderDisabled, route, onRouteChange, routeDisabled, routeHint }: GeoTimeControlsProps) {
  const { t } = useTranslation();
  const routeSwitch = (
    <FormControlLabel
      sx={{ flexShrink: 0, mr: 0 }}
      disabled={routeDisabled}
      control={<Switch checked={route} onChange={(event) => onRouteChange(event.target.checked)} data-testid="geo-route-switch" />}
      label={t('geo-monitor.field.route')}
    />
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1, pt: 1 }}>
      <Slider
        data-testid="geo-slider"
        aria-label={t('geo-monitor.field.time')}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={value}
        disabled={sliderDisabled}
        onChange={(_, next) => onChange(next)}
        valueLabelDisplay="auto"
        valueLabelFormat={format}
        getAriaValueText={format}
        sx={{ flexGrow: 1, minWidth: 0 }}
      />
      {routeDisabled && routeHint ? (
        <Tooltip title={routeHint}>
          <span>{routeSwitch}</span>
        </Tooltip>
      ) : (
        routeSwitch
      )}
    </Box>
  );
}
