import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Portal from '@mui/material/Portal';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@gearwatch/contracts';
import { presentSteps } from '../steps.ts';
import type { TourStep } from '../steps.ts';

export interface GuidedTourProps {
  open: boolean;
  onClose: () => void;
  /** The navigation menu is a closed drawer (a phone): the tour opens it for the menu's steps and closes it after. */
  menuCollapsed: boolean;
  onMenuOpen: (open: boolean) => void;
}

interface Shown {
  element: HTMLElement;
  rect: DOMRect;
}

const HIGHLIGHT_PADDING_PX = 4;

/**
 * The guided tour (spec 01 §2): each step highlights its element and explains it in a popover with Back, Next and
 * Skip. Between steps it waits LAYOUT.guideStepWaitMs, the time the phone's menu drawer takes to open or close, so
 * the highlight lands where the element has come to rest. The steps are those whose elements are rendered when the
 * tour opens; a step whose element has gone by its turn is passed over in the direction of travel. The page stays
 * usable under it: a click elsewhere or Escape ends it, as Skip does.
 */
export function GuidedTour({ open, onClose, menuCollapsed, onMenuOpen }: GuidedTourProps) {
  const [steps, setSteps] = useState<TourStep[] | null>(null);
  const [position, setPosition] = useState({ index: 0, direction: 1 });

  useEffect(() => {
    if (!open) {
      setSteps(null);
      return;
    }
    const found = presentSteps();
    if (found.length === 0) onClose();
    else {
      setSteps(found);
      setPosition({ index: 0, direction: 1 });
    }
  }, [open, onClose]);

  if (!open || !steps) return null;
  const finish = () => {
    if (menuCollapsed) onMenuOpen(false);
    onClose();
  };
  return (
    <TourStepView
      key={position.index}
      steps={steps}
      index={position.index}
      direction={position.direction}
      menuCollapsed={menuCollapsed}
      onMenuOpen={onMenuOpen}
      onMove={(index, direction) => (index < 0 || index >= steps.length ? finish() : setPosition({ index, direction }))}
      onClose={finish}
    />
  );
}

interface StepViewProps {
  steps: TourStep[];
  index: number;
  direction: number;
  menuCollapsed: boolean;
  onMenuOpen: (open: boolean) => void;
  onMove: (index: number, direction: number) => void;
  onClose: () => void;
}

function TourStepView({ steps, index, direction, menuCollapsed, onMenuOpen, onMove, onClose }: StepViewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const step = steps[index] as TourStep;
  const [shown, setShown] = useState<Shown | null>(null);

  // Open or close the phone's menu for this step, wait for it to settle, then find the element.
  useEffect(() => {
    if (menuCollapsed) onMenuOpen(step.inMenu);
    const timer = window.setTimeout(() => {
      const element = document.querySelector<HTMLElement>(step.target);
      if (!element) {
        onMove(index + direction, direction);
        return;
      }
      element.scrollIntoView?.({ block: 'nearest' });
      setShown({ element, rect: element.getBoundingClientRect() });
    }, LAYOUT.guideStepWaitMs);
    return () => window.clearTimeout(timer);
    // One run per step: the step view is keyed by its index.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The highlight follows its element when the window changes size.
  useEffect(() => {
    if (!shown) return;
    const follow = () => setShown((current) => (current ? { ...current, rect: current.element.getBoundingClientRect() } : current));
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, [shown]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  if (!shown) return null;
  const last = index === steps.length - 1;
  const { rect } = shown;
  const card = (
    <ClickAwayListener onClickAway={onClose}>
      <Paper
        role="dialog"
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-text`}
        data-tour-step={step.id}
        elevation={8}
        sx={{ p: 2, width: menuCollapsed ? 'auto' : 320, maxWidth: '100%' }}
      >
        <Typography variant="overline" color="text.secondary" component="p">
          {t('tour.step', { n: index + 1, count: steps.length })}
        </Typography>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t(`tour.${step.id}.title`)}
        </Typography>
        <Typography id={`${titleId}-text`} variant="body2" sx={{ mt: 0.5 }}>
          {t(`tour.${step.id}.text`)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
          <Button size="small" color="inherit" onClick={onClose}>
            {t('tour.skip')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          <Button size="small" disabled={index === 0} onClick={() => onMove(index - 1, -1)}>
            {t('tour.back')}
          </Button>
          <Button size="small" variant="contained" autoFocus onClick={() => onMove(index + 1, 1)}>
            {last ? t('tour.finish') : t('tour.next')}
          </Button>
        </Box>
      </Paper>
    </ClickAwayListener>
  );
  return (
    <>
      <Portal>
        <Box
          data-testid="tour-highlight"
          sx={{
            position: 'fixed',
            top: rect.top - HIGHLIGHT_PADDING_PX,
            left: rect.left - HIGHLIGHT_PADDING_PX,
            width: rect.width + 2 * HIGHLIGHT_PADDING_PX,
            height: rect.height + 2 * HIGHLIGHT_PADDING_PX,
            borderRadius: 1,
            outline: '2px solid',
            outlineColor: 'primary.light',
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)',
            pointerEvents: 'none',
            zIndex: (theme) => theme.zIndex.tooltip - 1,
          }}
        />
      </Portal>
      {menuCollapsed ? (
        // A phone has no room beside the menu's entries: the card sits across the screen, away from the element.
        <Portal>
          <Box
            sx={{
              position: 'fixed',
              left: 12,
              right: 12,
              zIndex: (theme) => theme.zIndex.tooltip,
              ...(rect.top + rect.height / 2 > window.innerHeight / 2 ? { top: 72 } : { bottom: 16 }),
            }}
          >
            {card}
          </Box>
        </Portal>
      ) : (
        <Popper
          open
          anchorEl={shown.element}
          placement={step.inMenu ? 'right-start' : 'bottom-end'}
          modifiers={[{ name: 'offset', options: { offset: [0, 14] } }]}
          sx={{ zIndex: (theme) => theme.zIndex.tooltip, maxWidth: 'calc(100vw - 24px)' }}
        >
          {card}
        </Popper>
      )}
    </>
  );
}
