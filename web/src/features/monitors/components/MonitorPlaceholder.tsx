import { styled } from '@mui/material/styles';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import type { MonitorKind } from '@gearwatch/contracts';
import { PENDING_MONITOR_HEIGHT_PX } from './board-layout.ts';


const Section = styled('section')(({ theme }) => ({
  flex: '1 1 45%',
  maxWidth: 'calc(50% - 8px)',
  minWidth: 0,
  minHeight: PENDING_MONITOR_HEIGHT_PX,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.background.paper,
  '&[data-expanded="true"]': { flexBasis: '100%', maxWidth: '100%' },
  '& > h2': {
    ...theme.typography.subtitle1,
    margin: 0,
    padding: theme.spacing(0.5, 1, 0.5, 2),
    lineHeight: '34px',
    borderBottom: `1px solid ${theme.palette.divider}`,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
}));

export interface MonitorPlaceholderProps {
  id: string;
  kind: MonitorKind;
  expanded: boolean;
  ref: Ref<HTMLElement>;
}

/**
 * A monitor below the fold before its turn to draw (draw-queue.ts): its place on the board with its title, marked
 * busy like a monitor whose code is loading, and nothing else to lay out or style.
 */
export function MonitorPlaceholder({ id, kind, expanded, ref }: MonitorPlaceholderProps) {
  const { t } = useTranslation();
  const title = t(MONITOR_TITLE_KEYS[kind]);
  return (
    <Section ref={ref} aria-label={title} aria-busy data-testid={`monitor-${kind}-pending`} data-monitor-id={id} data-expanded={expanded}>
      <h2>{title}</h2>
    </Section>
  );
}
