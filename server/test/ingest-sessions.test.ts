import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany, createDevice } from './fixtures.ts';
import type { TestModule } from './ingest-fixtures.ts';
import { createModule } from './ingest-fixtures.ts';
import type { EventInput, IngestBatch } from '../src/telemetry/types.ts';
import { deriveSessions } from '../src/telemetry/operator-sessions.ts';

const base = Date.UTC(2026, 4, 4, 6);
const at = (minute: number) => new Date(base + minute * 60_000);
const on = (minute: number, rfid: string): EventInput => ({ ts: at(minute), type: 'rfid_on', rfid });
const off = (minute: number): EventInput => ({ ts: at(minute), type: 'rfid_off', rfid: null });
const events = (...list: EventInput[]): IngestBatch => ({ readings: [], positions: [], events: list });

describe('operator sessions and power state from module events', () => {
  let ctx: TestContext;
  let companyId: number;
  let operators: Record<string, number>;
  const db = () => ctx.database.db;

  async function fittedModule(): Promise<{ module: TestModule; deviceId: number }> {
    const deviceId = (await createDevice(db(), companyId)).id;
    return { module: await createModule(db(), companyId, deviceId), deviceId };
  }

  async function sessionsOf(deviceId: number) {
    const rows = await db()
      .selectFrom('operator_sessions')
      .select(['rfid', 'operator_id', 'started_at', 'ended_at'])
      .where('device_id', '=', deviceId)
      .orderBy('started_at')
      .execute();
    return rows.map((r) => ({
      rfid: r.rfid,
      operator: r.operator_id,
      from: (r.started_at.getTime() - base) / 60_000,
      to: r.ended_at === null ? null : (r.ended_at.getTime() - base) / 60_000,
    }));
  }

  const currentCard = async (deviceId: number) =>
    (await db().selectFrom('device_state').select('current_rfid').where('device_id', '=', deviceId).executeTakeFirst())?.current_rfid;

  beforeAll(async () => {
    ctx = await createTestContext();
    companyId = (await createCompany(db())).id;
    const other = await createCompany(db());
    operators = {};
    for (const [rfid, company] of [
      ['AAA1', companyId],
      ['BBB2', companyId],
      ['CCC3', companyId],
      ['ZZZ9', other.id],
    ] as const) {
      const row = await db()
        .insertInto('operators')
        .values({ company_id: company, firstname: 'Op', lastname: rfid, rfid })
        .returning('id')
        .executeTakeFirstOrThrow();
      operators[rfid] = row.id;
    }
  });
  afterAll(() => ctx?.close());

  it('derives sessions with the company operators, a card swap, an unknown card and a missing removal', async () => {
    const { module, deviceId } = await fittedModule();
    // "aaa1" is AAA1 in another case; ZZZ9 belongs to another company, so here it is an unknown card.
    await ctx.services.ingest.ingest(module.identity, events(on(0, 'aaa1'), on(30, 'BBB2'), off(45), on(60, 'ZZZ9'), on(90, 'CCC3')));
    expect(await sessionsOf(deviceId)).toEqual([
      { rfid: 'aaa1', operator: operators.AAA1, from: 0, to: 30 },
      { rfid: 'BBB2', operator: operators.BBB2, from: 30, to: 45 },
      { rfid: 'ZZZ9', operator: null, from: 60, to: 90 },
      { rfid: 'CCC3', operator: operators.CCC3, from: 90, to: null },
    ]);
    expect(await currentCard(deviceId)).toBe('CCC3');
  });

  it('rebuilds from the session a late event falls into', async () => {
    const { module, deviceId } = await fittedModule();
    const send = (batch: IngestBatch) => ctx.services.ingest.ingest(module.identity, batch);
    await send(events(on(0, 'AAA1'), on(100, 'BBB2')));
    expect(await sessionsOf(deviceId)).toMatchObject([
      { rfid: 'AAA1', from: 0, to: 100 },
      { rfid: 'BBB2', from: 100, to: null },
    ]);
    // The removal of AAA1 arrives late: its session ends earlier, the next one is untouched.
    await send(events(off(40)));
    expect(await sessionsOf(deviceId)).toMatchObject([
      { rfid: 'AAA1', from: 0, to: 40 },
      { rfid: 'BBB2', from: 100, to: null },
    ]);
    // A card applied in the gap, late: a new session between them, ended by BBB2.
    await send(events(on(70, 'CCC3')));
    expect(await sessionsOf(deviceId)).toMatchObject([
      { rfid: 'AAA1', from: 0, to: 40 },
      { rfid: 'CCC3', from: 70, to: 100 },
      { rfid: 'BBB2', from: 100, to: null },
    ]);
    // Earlier than everything: ended by AAA1. The removal of BBB2 closes the last one.
    await send(events(off(150), on(-30, 'ZZZ9')));
    expect(await sessionsOf(deviceId)).toMatchObject([
      { rfid: 'ZZZ9', operator: null, from: -30, to: 0 },
      { rfid: 'AAA1', from: 0, to: 40 },
      { rfid: 'CCC3', from: 70, to: 100 },
      { rfid: 'BBB2', from: 100, to: 150 },
    ]);
    expect(await currentCard(deviceId)).toBeNull();
    // Repeated events change nothing.
    const before = await sessionsOf(deviceId);
    expect(await send(events(on(0, 'AAA1'), off(40), on(70, 'CCC3')))).toMatchObject({ events: 0 });
    expect(await sessionsOf(deviceId)).toEqual(before);
  });

  it('ends up with the sessions of all events at once, however they are batched and ordered', async () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const cards = ['AAA1', 'bbb2', 'CCC3', 'UNKNOWN'];
    for (let round = 0; round < 5; round++) {
      const { module, deviceId } = await fittedModule();
      const all: EventInput[] = [];
      for (let minute = 0; minute < 600; minute += 1 + Math.floor(rand() * 20)) {
        all.push(rand() < 0.3 ? off(minute) : on(minute, cards[Math.floor(rand() * cards.length)]!));
      }
      const shuffled = [...all].sort(() => rand() - 0.5);
      for (let i = 0; i < shuffled.length;) {
        const size = 1 + Math.floor(rand() * 6);
        await ctx.services.ingest.ingest(module.identity, events(...shuffled.slice(i, i + size)));
        i += size;
      }
      const expected = deriveSessions(all.map((e) => ({ ts: e.ts, type: e.type as 'rfid_on' | 'rfid_off', rfid: e.rfid ?? null }))).map((s) => ({
        rfid: s.rfid,
        from: (s.startedAt.getTime() - base) / 60_000,
        to: s.endedAt === null ? null : (s.endedAt.getTime() - base) / 60_000,
      }));
      expect(
        (await sessionsOf(deviceId)).map(({ rfid, from, to }) => ({ rfid, from, to })),
        `round ${round}`,
      ).toEqual(expected);
      const last = expected.at(-1);
      expect(await currentCard(deviceId)).toBe(last && last.to === null ? last.rfid : null);
    }
  });

  it("keeps each session's work and active per local date and per hour, whatever the order of readings and card events", async () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const { module, deviceId } = await fittedModule();
    const timezone = (await db().selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirstOrThrow()).timezone;
    // Two days across local midnight: cards on and off every few hours, readings every ~40 s of work (1), active
    // (2) and another parameter (5) that sessions ignore.
    const cardEvents: EventInput[] = [];
    for (let minute = 0; minute < 2 * 1440; minute += 30 + Math.floor(rand() * 300)) {
      cardEvents.push(rand() < 0.3 ? off(minute) : on(minute, ['AAA1', 'BBB2', 'UNKNOWN'][Math.floor(rand() * 3)]!));
    }
    const readings: { parameter: number; ts: Date; value: number }[] = [];
    for (let second = 0; second < 2 * 86_400; second += 20 + Math.floor(rand() * 40)) {
      readings.push({ parameter: [1, 2, 5][Math.floor(rand() * 3)]!, ts: new Date(base + second * 1000), value: Math.floor(rand() * 60) });
    }
    const items = [...cardEvents.map((e) => ({ event: e })), ...readings.map((r) => ({ reading: r }))].sort(() => rand() - 0.5);
    for (let i = 0; i < items.length;) {
      const size = 1 + Math.floor(rand() * 400);
      const part = items.slice(i, i + size);
      await ctx.services.ingest.ingest(module.identity, {
        readings: part.flatMap((p) => ('reading' in p ? [p.reading] : [])),
        positions: [],
        events: part.flatMap((p) => ('event' in p ? [p.event] : [])),
      });
      i += size;
    }

    const localDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
    const sessions = deriveSessions(cardEvents.map((e) => ({ ts: e.ts, type: e.type as 'rfid_on' | 'rfid_off', rfid: e.rfid ?? null })));
    const expected = new Map<string, { work: number | null; active: number | null }>();
    const expectedHours = new Map<string, { work: number | null; active: number | null }>();
    const add = (totals: typeof expected, key: string, r: (typeof readings)[number]) => {
      const cell = totals.get(key) ?? { work: null, active: null };
      if (r.parameter === 1) cell.work = (cell.work ?? 0) + r.value;
      else cell.active = (cell.active ?? 0) + r.value;
      totals.set(key, cell);
    };
    for (const r of readings) {
      if (r.parameter === 5) continue;
      const bucket = r.ts.getTime() - (r.ts.getTime() % 300_000);
      const session = sessions.find((s) => bucket >= s.startedAt.getTime() && (s.endedAt === null || bucket < s.endedAt.getTime()));
      if (!session) continue;
      add(expected, `${session.startedAt.toISOString()} ${localDate(bucket)}`, r);
      add(expectedHours, `${session.startedAt.toISOString()} ${new Date(bucket - (bucket % 3_600_000)).toISOString()}`, r);
    }
    const stored = await db()
      .selectFrom('operator_session_days as d')
      .innerJoin('operator_sessions as s', 's.id', 'd.session_id')
      .select(['s.started_at', sql<string>`d.day::text`.as('day'), 'd.work', 'd.active'])
      .where('s.device_id', '=', deviceId)
      .execute();
    expect(expected.size).toBeGreaterThan(3);
    expect(new Map(stored.map((r) => [`${r.started_at.toISOString()} ${r.day}`, { work: r.work, active: r.active }]))).toEqual(expected);
    const storedHours = await db()
      .selectFrom('operator_session_hours as h')
      .innerJoin('operator_sessions as s', 's.id', 'h.session_id')
      .select(['s.started_at', 'h.hour', 'h.work', 'h.active'])
      .where('s.device_id', '=', deviceId)
      .execute();
    expect(expectedHours.size).toBeGreaterThan(expected.size);
    expect(new Map(storedHours.map((r) => [`${r.started_at.toISOString()} ${r.hour.toISOString()}`, { work: r.work, active: r.active }]))).toEqual(
      expectedHours,
    );
  });

  it('sets the power state from the latest power event only', async () => {
    const { module, deviceId } = await fittedModule();
    const power = async () => {
      const device = await db().selectFrom('devices').select('power_state').where('id', '=', deviceId).executeTakeFirstOrThrow();
      const state = await db().selectFrom('device_state').select('power_changed_at').where('device_id', '=', deviceId).executeTakeFirstOrThrow();
      return { state: device.power_state, at: state.power_changed_at && (state.power_changed_at.getTime() - base) / 60_000 };
    };
    await ctx.services.ingest.ingest(module.identity, events({ ts: at(10), type: 'power_on' }, { ts: at(20), type: 'power_off' }));
    expect(await power()).toEqual({ state: 'off', at: 20 });
    await ctx.services.ingest.ingest(module.identity, events({ ts: at(15), type: 'power_on' }));
    expect(await power()).toEqual({ state: 'off', at: 20 });
    await ctx.services.ingest.ingest(module.identity, events({ ts: at(25), type: 'power_on' }));
    expect(await power()).toEqual({ state: 'on', at: 25 });
  });
});
