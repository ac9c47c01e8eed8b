import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { bearer, createDevice, signedInCompany } from './fixtures.ts';

const refused = { errors: { filter: [MESSAGE_KEYS.incorrect] }, rootErrors: [] };

describe('declared list filters', () => {
  let ctx: TestContext;
  let token: string;
  let deviceTypeId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const signedIn = await signedInCompany(ctx);
    token = signedIn.token;
    deviceTypeId = (await createDevice(ctx.database.db, signedIn.company.id, 'Press')).deviceTypeId;
  });
  afterAll(() => ctx?.close());

  const list = (path: string, filter: unknown) =>
    ctx.app.inject({ url: `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`, headers: bearer(token) });

  it('takes the declared keys, as numbers or their text, and null or "" for none', async () => {
    for (const filter of [{ deviceType: deviceTypeId }, { deviceType: String(deviceTypeId) }, { deviceType: null, deviceGroup: '' }, {}]) {
      const response = await list('/api/devices', filter);
      expect(response.statusCode, JSON.stringify(filter)).toBe(200);
      expect(response.json().entries.map((d: { name: string }) => d.name)).toEqual(['Press']);
    }
  });

  it('refuses an unknown key, a bad value and a filter that is not an object with 400 on filter', async () => {
    for (const [path, filter] of [
      ['/api/devices', { devicetype: 1 }],
      ['/api/devices', { deviceType: 'x' }],
      ['/api/devices', { deviceType: 1.5 }],
      ['/api/devices', [1]],
      ['/api/deviceoperators', { operatorGroup: 1 }],
      ['/api/devices/status', { group: 1 }],
      // A list without a filter takes none.
      ['/api/devicegroups', { deviceType: 1 }],
    ] as const) {
      const response = await list(path, filter);
      expect(response.statusCode, `${path} ${JSON.stringify(filter)}`).toBe(400);
      expect(response.json()).toEqual(refused);
    }
  });

  it("documents each list's filter keys in the OpenAPI document", async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    const filterOf = (path: string) => doc.paths[path].get.parameters.find((p: { name: string; in: string }) => p.name === 'filter' && p.in === 'query');
    expect(filterOf('/api/devices').description).toContain('"deviceType": id, "deviceGroup": id, "company": id');
    expect(filterOf('/api/users').description).toContain('"active": boolean');
    expect(filterOf('/api/devicegroups').description).toContain('no filter');
  });
});
