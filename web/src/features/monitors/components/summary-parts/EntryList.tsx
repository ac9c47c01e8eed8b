import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** The colour of an entry's dot: an alert's importance, a task's state. */
export type EntryTone = 'error' | 'warning' | 'info' | 'success';

/**
 * The newest alerts' and newest tasks' lists, drawn as MUI's dense list with dividers draws them (the detail a
 * paragraph under the line, as there) but by one style for the whole list: a board shows up to 50 entries, and four
 * styled components per entry were a large part of the board's start (docs/performance.md, page load).
 */
const List = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& > li': {
    display: 'flex',
    gap: theme.spacing(1),
    alignItems: 'flex-start',
    padding: '4px 16px',
    borderBottom: `1px solid ${theme.palette.divider}`,
    backgroundClip: 'padding-box',
  },
  '& .dot': { width: 10, height: 10, marginTop: theme.spacing(0.75), flexShrink: 0, borderRadius: '50%' },
  '& .dot[data-tone="error"]': { backgroundColor: theme.palette.error.main },
  '& .dot[data-tone="warning"]': { backgroundColor: theme.palette.warning.main },
  '& .dot[data-tone="info"]': { backgroundColor: theme.palette.info.main },
  '& .dot[data-tone="success"]': { backgroundColor: theme.palette.success.main },
  '& .text': { flex: '1 1 auto', minWidth: 0, margin: '4px 0' },
  '& .primary': { ...theme.typography.body2, display: 'block' },
  '& .secondary': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
}));

export interface Entry {
  key: string | number;
  tone: EntryTone;
  /** What the dot means, read out in place of the colour. */
  toneLabel: string;
  primary: ReactNode;
  secondary: ReactNode;
  /** data-* attributes of the entry (data-alert-id, data-task-id). */
  data?: Record<`data-${string}`, string | number>;
}

export function EntryList({ entries, testId }: { entries: readonly Entry[]; testId: string }) {
  return (
    <List data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.key} {...entry.data}>
          <span className="dot" data-tone={entry.tone} role="img" aria-label={entry.toneLabel} />
          <div className="text">
            <span className="primary">{entry.primary}</span>
            <p className="secondary">{entry.secondary}</p>
          </div>
        </li>
      ))}
    </List>
  );
}
