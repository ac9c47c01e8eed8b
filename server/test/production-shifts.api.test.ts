import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KEYS, PRODUCTION_SHIFT_MESSAGE_KEYS, productionShiftListSchema } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, signedInCompany } from './fixtures.ts';

const SPEC_UNITS = ['volt', 'millivolt', 'ampere', 'hours', 'minutes', 'seconds', 'percent', 'bar', 'litre', 'kWh', 'GPS position'];

describe('a company set up without the demo', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ DEMO: false });
  });
  afterAll(() => ctx?.close());

  it('has the units of the dictionary from the migrations', async () => {
    const names = (await ctx.database.db.selectFrom('units').select('name').execute()).map((u) => u.name);
    expect(names).toEqual(expect.arrayContaining(SPEC_UNITS));
  });

  describe('production shifts (company settings)', () => {
    const save = (token: string, shifts: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/api/user/production_shifts', headers: bearer(token), payload: shifts as object });
    const list = async (token: string) =>
      productionShiftListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/user/production_shifts', headers: bearer(token) })).json()).entries;

    it('starts with none, and saves a list in its order, replacing the old one', async () => {
      const { token } = await signedInCompany(ctx);
      expect(await list(token)).toEqual([]);
      const three = [
        { name: 'Morning', timeStart: '06:00', timeEnd: '14:00' },
        { name: 'Afternoon', timeStart: '14:00', timeEnd: '22:00' },
        { name: 'Night', timeStart: '22:00', timeEnd: '06:00' },
      ];
      const saved = await save(token, three);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().entries.map((s: { name: string; index: number }) => [s.index, s.name])).toEqual([
        [0, 'Morning'],
        [1, 'Afternoon'],
        [2, 'Night'],
      ]);
      expect((await list(token)).map((s) => `${s.timeStart}-${s.timeEnd}`)).toEqual(['06:00-14:00', '14:00-22:00', '22:00-06:00']);
      expect((await save(token, [{ name: 'All day', timeStart: '00:00', timeEnd: '24:00' }])).statusCode).toBe(200);
      expect((await list(token)).map((s) => s.name)).toEqual(['All day']);
      expect((await save(token, [])).statusCode).toBe(200);
      expect(await list(token)).toEqual([]);
    });

    it("answers 400 per shift ('Range is invalid'), and changes nothing", async () => {
      const { token } = await signedInCompany(ctx);
      await save(token, [{ name: 'Kept', timeStart: '06:00', timeEnd: '14:00' }]);
      const refused = await save(token, [
        { name: 'Fine', timeStart: '06:00', timeEnd: '14:00' },
        { name: 'Empty', timeStart: '14:00', timeEnd: '14:00' },
        { name: ' ', timeStart: '24:00', timeEnd: '02:00' },
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        errors: {
          '1.timeEnd': [PRODUCTION_SHIFT_MESSAGE_KEYS.rangeInvalid],
          '2.name': [MESSAGE_KEYS.notBlank],
          '2.timeEnd': [PRODUCTION_SHIFT_MESSAGE_KEYS.rangeInvalid],
        },
        rootErrors: [],
      });
      const halfHour = await save(token, [{ name: 'Odd', timeStart: '06:30', timeEnd: '14:00' }]);
      expect(halfHour.statusCode).toBe(400);
      expect(Object.keys(halfHour.json().errors)).toEqual(['0.timeStart']);
      const five = Array.from({ length: 5 }, (_, i) => ({ name: `S${i}`, timeStart: `0${i}:00`, timeEnd: `0${i + 1}:00` }));
      expect((await save(token, five)).json()).toEqual({ errors: {}, rootErrors: [PRODUCTION_SHIFT_MESSAGE_KEYS.tooMany] });
      expect((await list(token)).map((s) => s.name)).toEqual(['Kept']);
    });

    it('refuses a shift that overlaps an earlier one (a 4th shift identical to the 1st), naming it on its start', async () => {
      const { token } = await signedInCompany(ctx);
      const three = [
        { name: 'I', timeStart: '06:00', timeEnd: '14:00' },
        { name: 'II', timeStart: '14:00', timeEnd: '22:00' },
        { name: 'III', timeStart: '22:00', timeEnd: '06:00' },
      ];
      await save(token, three);
      const refused = await save(token, [...three, { name: 'IV', timeStart: '06:00', timeEnd: '14:00' }]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errors: { '3.timeStart': [PRODUCTION_SHIFT_MESSAGE_KEYS.overlapping] }, rootErrors: [] });
      // Over midnight: a shift from 04:00 overlaps the night shift that ends at 06:00.
      const night = await save(token, [three[2], { name: 'Early', timeStart: '04:00', timeEnd: '12:00' }]);
      expect(night.json().errors).toEqual({ '1.timeStart': [PRODUCTION_SHIFT_MESSAGE_KEYS.overlapping] });
      expect((await list(token)).map((s) => s.name)).toEqual(['I', 'II', 'III']);
    });

    it('takes two saves at once one after the other', async () => {
      const { token } = await signedInCompany(ctx);
      const a = [
        { name: 'A1', timeStart: '06:00', timeEnd: '14:00' },
        { name: 'A2', timeStart: '14:00', timeEnd: '22:00' },
      ];
      const b = [{ name: 'B1', timeStart: '07:00', timeEnd: '15:00' }];
      const answers = await Promise.all([save(token, a), save(token, b), save(token, a), save(token, b)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const names = (await list(token)).map((s) => s.name);
      expect([['A1', 'A2'], ['B1']]).toContainEqual(names);
    });

    it("keeps each company's shifts to itself", async () => {
      const first = await signedInCompany(ctx);
      const second = await signedInCompany(ctx);
      await save(first.token, [{ name: 'Mine', timeStart: '06:00', timeEnd: '14:00' }]);
      expect(await list(second.token)).toEqual([]);
    });
  });
});
