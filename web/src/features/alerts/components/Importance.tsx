import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import type { AlertImportance } from '@gearwatch/contracts';
import { themeColours } from '../../../components/theme.ts';

/** The colour of each importance (THEME_COLOURS): critical red, warning yellow, info blue. */
export const IMPORTANCE_COLOURS: Record<AlertImportance, string> = { error: themeColours.alert, warning: themeColours.warning, info: themeColours.default };
const ICONS: Record<AlertImportance, SvgIconComponent> = { error: ErrorOutline, warning: WarningAmberOutlined, info: InfoOutlined };

/** The label of an importance: info, warning, critical (spec 02). */
export const importanceKey = (importance: AlertImportance) => `alert-rule.importance.${importance}`;

/** An importance as its icon and colour, with its name beside it (or only as the icon's label when `iconOnly`). */
export function Importance({ importance, iconOnly = false }: { importance: AlertImportance; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[importance];
  const label = t(importanceKey(importance));
  return (
    <Box
      component="span"
      data-testid={`importance-${importance}`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: IMPORTANCE_COLOURS[importance], whiteSpace: 'nowrap' }}
    >
      <Icon fontSize="small" aria-label={iconOnly ? label : undefined} aria-hidden={iconOnly ? undefined : true} />
      {iconOnly ? null : (
        <Box component="span" sx={{ color: 'text.primary' }}>
          {label}
        </Box>
      )}
    </Box>
  );
}
