import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIAGNOSTICS_MESSAGE_KEYS, MESSAGE_KEYS, operatorDiagnosticsResponseSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { DiagnosticsDataset } from './diagnostics-dataset.ts';
import { buildDiagnosticsDataset, sparse } from './diagnostics-dataset.ts';

describe('GET /api/deviceoperators/diagnostics/multiple', () => {
  let ctx: TestContext;
  let data: DiagnosticsDataset;

  beforeAll(async () => {
    ctx = await createTestContext();
    data = await buildDiagnosticsDataset(ctx);
  });
  afterAll(() => ctx?.close());

  const call = (query: string, token?: string) => data.get(`/api/deviceoperators/diagnostics/multiple?${query}`, token);

  it('answers work and activity of each operator during their card sessions, operators by id first, then group members by name', async () => {
    const { celina, crew, anna, bartek } = data.operators;
    const response = await call(`deviceOperators=${celina}&deviceOperatorsGroups=${crew}&interval=hour&from=2026-01-15&to=2026-01-15`);
    expect(response.statusCode).toBe(200);
    const body = operatorDiagnosticsResponseSchema.parse(response.json());
    expect(body.data.interval).toBe('hour');
    expect(body.data.categories).toHaveLength(24);
    expect(body.data.categories[8]).toBe('2026-01-15 08:00');
    expect(body.data.data).toEqual([
      { deviceOperator: { id: celina, name: 'Celina Wiśniewska' }, work: sparse(24, {}), active: sparse(24, {}) },
      // Card on 07:55–08:30: the 08:00 bucket and its readings count, nothing after 08:30.
      { deviceOperator: { id: anna, name: 'Anna Nowak' }, work: sparse(24, { 8: 180 }), active: sparse(24, { 8: 240 }) },
      // Card on from 09:00 and never removed: the session is still open.
      { deviceOperator: { id: bartek, name: 'Bartek Kowal' }, work: sparse(24, { 9: 30, 23: 300 }), active: sparse(24, { 9: 60, 23: 600 }) },
    ]);
  });

  it('answers days, and lists an operator asked for twice once', async () => {
    const { anna, bartek, crew } = data.operators;
    const response = await call(`deviceOperators=${bartek},${anna}&deviceOperatorsGroups=${crew}&interval=day&from=2026-01-16&to=2026-01-15`);
    const body = operatorDiagnosticsResponseSchema.parse(response.json());
    expect(body.data.categories).toEqual(['2026-01-15', '2026-01-16']);
    expect(body.data.data.map((d) => [d.deviceOperator.id, d.work, d.active])).toEqual([
      [bartek, [330, 100], [660, 100]],
      [anna, [180, null], [240, null]],
    ]);
  });

  it('coarsens a long range', async () => {
    const response = await call(`deviceOperators=${data.operators.anna}&interval=5min&from=2026-01-01&to=2026-01-31`);
    expect(operatorDiagnosticsResponseSchema.parse(response.json()).data.interval).toBe('hour');
  });

  it('answers 400 with the spec error body when an operator group has no operators', async () => {
    const { emptyCrew, crew } = data.operators;
    for (const query of [
      `deviceOperatorsGroups=${emptyCrew}`,
      `deviceOperatorsGroups=${crew},${emptyCrew}`,
      `deviceOperators=${data.operators.anna}&deviceOperatorsGroups=${emptyCrew}`,
    ]) {
      const response = await call(`${query}&interval=hour&from=2026-01-15&to=2026-01-15`);
      expect(response.statusCode, query).toBe(400);
      expect(validationErrorSchema.parse(response.json())).toEqual({
        errors: { deviceOperatorsGroups: [DIAGNOSTICS_MESSAGE_KEYS.noDeviceOperators] },
        rootErrors: [],
      });
    }
  });

  it('answers 404 when none of the operators or groups exists for the caller', async () => {
    const { anna, crew } = data.operators;
    for (const [query, token] of [
      [`deviceOperators=${anna}&deviceOperatorsGroups=${crew}`, data.otherToken],
      ['deviceOperators=999999', data.token],
      ['deviceOperatorsGroups=999999', data.token],
    ] as const) {
      expect((await call(`${query}&interval=hour&from=2026-01-15&to=2026-01-15`, token)).statusCode, query).toBe(404);
    }
  });

  it('answers 400 with field errors for bad input', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['interval=hour&from=2026-01-15&to=2026-01-15', { deviceOperators: [MESSAGE_KEYS.notBlank] }],
      [`deviceOperators=${data.operators.anna}&interval=shifts&from=2026-01-15&to=2026-01-15`, { interval: [MESSAGE_KEYS.incorrect] }],
      [`deviceOperators=x&interval=hour&from=2026-01-15&to=2026-01-15`, { deviceOperators: [MESSAGE_KEYS.incorrect] }],
      [`deviceOperators=${data.operators.anna}&interval=hour&from=2024-01-15&to=2026-01-15`, { to: [DIAGNOSTICS_MESSAGE_KEYS.rangeTooLong] }],
      [`deviceOperators=${data.operators.anna}&interval=hour&to=2026-01-15`, { from: [MESSAGE_KEYS.notBlank] }],
    ];
    for (const [query, errors] of cases) {
      const response = await call(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ errors, rootErrors: [] });
    }
  });
});
