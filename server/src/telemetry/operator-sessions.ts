/**
 * Operator sessions from RFID events (ARCHITECTURE §4): a card applied starts a session on the device; the card
 * removed ends it; another card applied ends it and starts the next one. A card applied again while it is already
 * in the reader continues the session. Pure, so the rules are tested without a database.
 */

export interface RfidEvent {
  ts: Date;
  type: 'rfid_on' | 'rfid_off';
  rfid: string | null;
}

export interface DerivedSession {
  rfid: string;
  startedAt: Date;
  /** null while the card is still in the reader (or its removal has not arrived yet). */
  endedAt: Date | null;
}

/** Cards are compared without regard to case, as operators' cards are looked up. */
export function sameCard(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

/**
 * Sorts by time; at the same instant a removal comes before an application, so "off A, on B" written with one
 * timestamp is a swap rather than B being ended at once.
 */
export function compareRfidEvents(a: RfidEvent, b: RfidEvent): number {
  const byTime = a.ts.getTime() - b.ts.getTime();
  if (byTime !== 0) return byTime;
  return (a.type === 'rfid_off' ? 0 : 1) - (b.type === 'rfid_off' ? 0 : 1);
}

/** Replays events (any order) into sessions, oldest first. */
export function deriveSessions(events: readonly RfidEvent[]): DerivedSession[] {
  const sessions: DerivedSession[] = [];
  let open: DerivedSession | null = null;
  for (const event of [...events].sort(compareRfidEvents)) {
    if (event.type === 'rfid_off') {
      if (open) open.endedAt = event.ts;
      open = null;
      continue;
    }
    const card = event.rfid?.trim();
    if (!card) continue;
    if (open && sameCard(open.rfid, card)) continue;
    if (open) {
      // Two modules of one device may report a card at the same instant: the later report replaces the card.
      if (open.startedAt.getTime() === event.ts.getTime()) {
        open.rfid = card;
        continue;
      }
      open.endedAt = event.ts;
    }
    open = { rfid: card, startedAt: event.ts, endedAt: null };
    sessions.push(open);
  }
  return sessions;
}
