import { styled } from '@mui/material/styles';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_TITLE_KEYS } from '@gearwatch/contracts';
import type { MonitorKind } from '@gearwatch/contracts';
import { monitorWidth, PENDING_MONITOR_HEIGHT_PX } from './board-layout.ts';
import { useReportLoading } from './draw-queue.ts';

/** A frame's place and outline, its title, and nothing else. */
const Section = styled('section')(({ theme }) => ({
  ...monitorWidth(false),
  minHeight: PENDING_MONITOR_HEIGHT_PX,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.background.paper,
  '&[data-expanded="true"]': monitorWidth(true),
  // While its code loads: a thin bar sweeping under the title, drawn by the compositor alone.
  '&[data-loading="true"]::after': {
    content: '""',
    display: 'block',
    height: 2,
    width: '30%',
    backgroundColor: theme.palette.primary.main,
    animation: 'monitor-placeholder-sweep 1.2s ease-in-out infinite',
  },
  '@keyframes monitor-placeholder-sweep': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(340%)' } },
  overflow: 'hidden',
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
  /** Its turn has come and its code is loading (the board's queue waits for it); otherwise it waits for its turn. */
  loading?: boolean;
  ref?: Ref<HTMLElement>;
}

/**
 * A monitor not drawn yet: below the fold before its turn (draw-queue.ts), or while its code loads. Its place on the
 * board with its title, marked busy, and nothing else to lay out or style: the board opens with several of these.
 */
export function MonitorPlaceholder({ id, kind, expanded, loading = false, ref }: MonitorPlaceholderProps) {
  const { t } = useTranslation();
  const title = t(MONITOR_TITLE_KEYS[kind]);
  useReportLoading(id, loading);
  return (
    <Section
      ref={ref}
      aria-label={title}
      aria-busy
      data-testid={`monitor-${kind}-pending`}
      data-monitor-id={id}
      data-expanded={expanded}
      data-loading={loading}
    >
      <h2>{title}</h2>
    </Section>
  );
}
