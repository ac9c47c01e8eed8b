import { createContext, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

const SlotContext = createContext<HTMLElement | null>(null);
const SetSlotContext = createContext<((element: HTMLElement | null) => void) | null>(null);

/** Holds the page-actions slot of the breadcrumb bar (spec 01 §2) for the pages below it. */
export function PageActionsProvider({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <SetSlotContext.Provider value={setSlot}>
      <SlotContext.Provider value={slot}>{children}</SlotContext.Provider>
    </SetSlotContext.Provider>
  );
}

/** The place in the breadcrumb bar where pages put their actions. */
export function PageActionsSlot() {
  const setSlot = useContext(SetSlotContext);
  return <div ref={setSlot} style={{ display: 'flex', gap: 8, alignItems: 'center' }} />;
}

/** Renders a page's actions into the breadcrumb bar. */
export function PageActions({ children }: { children: ReactNode }) {
  const slot = useContext(SlotContext);
  return slot ? createPortal(children, slot) : null;
}
