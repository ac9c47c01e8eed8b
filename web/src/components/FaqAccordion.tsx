import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useId, useState } from 'react';

export interface FaqEntry {
  /** Already translated. */
  question: string;
  answer: string;
}

/** Questions and answers under an empty state (spec 01 §2): one answer open at a time, none at first. */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <Box sx={{ width: '100%', maxWidth: 640, mt: 2, textAlign: 'left' }}>
      {entries.map((entry, index) => (
        <Accordion
          key={entry.question}
          disableGutters
          expanded={open === index}
          onChange={(_event, expanded) => setOpen(expanded ? index : null)}
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${baseId}-q${index}`} aria-controls={`${baseId}-a${index}`}>
            <Typography variant="subtitle2" color="text.primary">
              {entry.question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`${baseId}-a${index}`}>
            <Typography variant="body2">{entry.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

/** Translation keys of a question and its answer, written out so the translation tests see both. */
export type FaqKeys = readonly [question: string, answer: string];

/** The entries of pairs of translation keys. */
export function faqFromKeys(t: (key: string) => string, keys: readonly FaqKeys[]): FaqEntry[] {
  return keys.map(([question, answer]) => ({ question: t(question), answer: t(answer) }));
}
