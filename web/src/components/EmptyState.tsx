import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import type { ReactNode } from 'react';
import { FaqAccordion } from './FaqAccordion.tsx';
import type { FaqEntry } from './FaqAccordion.tsx';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  message?: string;
  /** Actions offered from the empty state (spec 01 §2: page-actions slot). */
  actions?: ReactNode;
  /** Questions and answers for a list that is empty for the first time (what it holds, how to add to it). */
  faq?: readonly FaqEntry[];
}

/** The shared empty state: an icon, a title, an optional message, actions and an FAQ accordion. */
export function EmptyState({ icon, title, message, actions, faq }: EmptyStateProps) {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 8, px: 2, color: 'text.secondary' }}
    >
      <Box sx={{ fontSize: 64, lineHeight: 0, color: 'grey.400', '& svg': { fontSize: 'inherit' } }}>{icon ?? <InboxOutlined />}</Box>
      <Typography variant="h6" component="h2" color="text.primary">
        {title}
      </Typography>
      {message ? (
        <Typography variant="body2" sx={{ maxWidth: 520 }}>
          {message}
        </Typography>
      ) : null}
      {actions ? <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>{actions}</Box> : null}
      {faq?.length ? <FaqAccordion entries={faq} /> : null}
    </Box>
  );
}
