import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TELTONIKA_PARAMETER_PRESETS } from '@gearwatch/contracts';
import type { TeltonikaParameterPreset } from '@gearwatch/contracts';
import { presetNameKey } from './teltonika-presets.ts';

export interface TeltonikaPresetMenuProps {
  /** The IO ids the type's parameters already read: one parameter per IO id, so those presets are not offered. */
  mappedIoIds: ReadonlySet<number>;
  /** Not until the type's parameters are known (the preset's number follows them). */
  disabled: boolean;
  onPick: (preset: TeltonikaParameterPreset) => void;
}

/**
 * "Add from Teltonika preset": the measurement presets of the contracts by translated name, with their IO id and
 * unit. Ignition, movement and the cards are not among them (the panel's help says why).
 */
export function TeltonikaPresetMenu({ mappedIoIds, disabled, onPick }: TeltonikaPresetMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<PlaylistAddOutlined />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('admin.parameters.add-preset')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {TELTONIKA_PARAMETER_PRESETS.map((preset) => {
          const mapped = mappedIoIds.has(preset.id);
          return (
            <MenuItem
              key={preset.key}
              disabled={mapped}
              onClick={() => {
                close();
                onPick(preset);
              }}
            >
              <ListItemText
                primary={t(presetNameKey(preset))}
                secondary={t(mapped ? 'admin.parameters.preset-mapped' : 'admin.parameters.preset-detail', { id: preset.id, unit: preset.unit || '—' })}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
