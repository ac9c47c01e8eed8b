import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Divider from '@mui/material/Divider';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import { AlarmTotalBadge } from '../../features/alerts/components/AlarmTotalBadge.tsx';
import type { NavEntry, NavGroup } from '../navigation.ts';

/** What each kind of indicator shows beside its entry's label. */
const INDICATORS: Record<NonNullable<NavEntry['indicator']>, () => ReactNode> = {
  'alarm-total': () => <AlarmTotalBadge />,
};

export interface NavDrawerProps {
  groups: NavGroup[];
  mobile: boolean;
  open: boolean;
  onClose: () => void;
  onAction: (action: NonNullable<NavEntry['action']>) => void;
  /** Shown below the entries: the brand's extras (partner logos, owner link). */
  footer?: ReactNode;
  /**
   * False while something outside the phone's drawer must take focus with the drawer open (the guided tour's
   * popover, which explains the drawer's entries).
   */
  trapFocus?: boolean;
}

function EntryButton({ entry, onAction, onNavigate }: { entry: NavEntry; onAction: NavDrawerProps['onAction']; onNavigate: () => void }) {
  const { t } = useTranslation();
  const Icon = entry.icon;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t(entry.label)} />
      {entry.indicator ? INDICATORS[entry.indicator]() : null}
    </>
  );
  if (entry.to) {
    return (
      <ListItemButton
        component={NavLink}
        to={entry.to}
        data-nav-id={entry.id}
        onClick={onNavigate}
        sx={{ borderRadius: 1, mx: 1, '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } } }}
      >
        {content}
      </ListItemButton>
    );
  }
  return (
    <ListItemButton
      data-nav-id={entry.id}
      sx={{ borderRadius: 1, mx: 1 }}
      onClick={() => {
        onNavigate();
        if (entry.action) onAction(entry.action);
      }}
    >
      {content}
    </ListItemButton>
  );
}

/** The side navigation (spec 01 §2): permanent on larger screens, a closable drawer on mobile, 300 px wide. */
export function NavDrawer({ groups, mobile, open, onClose, onAction, footer, trapFocus = true }: NavDrawerProps) {
  const { t } = useTranslation();
  const onNavigate = mobile ? onClose : () => undefined;
  const body = (
    <Box component="nav" aria-label={t('shell.navigation')} sx={{ overflowY: 'auto', pt: 1, pb: 2 }}>
      {groups.map((group, index) => (
        <Box key={group.id} data-nav-group={group.id}>
          {index > 0 ? <Divider sx={{ my: 1 }} /> : null}
          <List
            dense
            disablePadding
            subheader={
              group.label ? (
                <ListSubheader component="div" disableSticky sx={{ lineHeight: '36px', textTransform: 'uppercase', fontSize: 12, letterSpacing: 0.6 }}>
                  {t(group.label)}
                </ListSubheader>
              ) : undefined
            }
          >
            {group.entries.map((entry) => (
              <EntryButton key={entry.id} entry={entry} onAction={onAction} onNavigate={onNavigate} />
            ))}
          </List>
        </Box>
      ))}
      {footer ? (
        <>
          <Divider sx={{ my: 1 }} />
          {footer}
        </>
      ) : null}
    </Box>
  );
  const paperSx = { width: LAYOUT.navDrawerWidthPx, boxSizing: 'border-box' as const };
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true, disableEnforceFocus: !trapFocus }}
        slotProps={{ paper: { sx: paperSx } }}
      >
        <Toolbar />
        {body}
      </Drawer>
    );
  }
  return (
    <Drawer variant="permanent" sx={{ width: LAYOUT.navDrawerWidthPx, flexShrink: 0 }} slotProps={{ paper: { sx: paperSx } }}>
      <Toolbar />
      {body}
    </Drawer>
  );
}
