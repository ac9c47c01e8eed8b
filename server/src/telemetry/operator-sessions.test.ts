import { describe, expect, it } from 'vitest';
import type { RfidEvent } from './operator-sessions.ts';
import { deriveSessions } from './operator-sessions.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 4, 4, 6, minute));
const on = (minute: number, rfid: string): RfidEvent => ({ ts: at(minute), type: 'rfid_on', rfid });
const off = (minute: number, rfid: string | null = null): RfidEvent => ({ ts: at(minute), type: 'rfid_off', rfid });
const session = (rfid: string, from: number, to: number | null) => ({ rfid, startedAt: at(from), endedAt: to === null ? null : at(to) });

describe('deriveSessions', () => {
  it('starts a session when a card is applied and ends it when it is removed', () => {
    expect(deriveSessions([on(0, 'A'), off(30)])).toEqual([session('A', 0, 30)]);
  });

  it('ends the session of one card when another is applied', () => {
    expect(deriveSessions([on(0, 'A'), on(10, 'B'), off(20)])).toEqual([session('A', 0, 10), session('B', 10, 20)]);
  });

  it('leaves the last session open while its removal is missing', () => {
    expect(deriveSessions([on(0, 'A'), on(10, 'B')])).toEqual([session('A', 0, 10), session('B', 10, null)]);
  });

  it('continues the session when the same card is applied again, in any letter case', () => {
    expect(deriveSessions([on(0, 'ab12'), on(5, 'AB12'), off(9)])).toEqual([session('ab12', 0, 9)]);
  });

  it('ignores a removal without a card in the reader', () => {
    expect(deriveSessions([off(0), on(1, 'A'), off(2), off(3)])).toEqual([session('A', 1, 2)]);
  });

  it('orders events itself, and takes a removal before an application at the same instant', () => {
    expect(deriveSessions([on(10, 'B'), off(10), on(0, 'A'), off(20)])).toEqual([session('A', 0, 10), session('B', 10, 20)]);
  });
});
