import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CLIENT, MESSAGE_KEYS } from '@gearwatch/contracts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import type { TestUser } from './fixtures.ts';
import { bearer, createCompany, createDevice, createUser, form, signIn } from './fixtures.ts';
import { basicAuth, createModule } from './ingest-fixtures.ts';

const NUL = 'a\u0000b';

/** Regression tests of the defects the hardening issue found: each answered 500 (or let something through) before. */
describe('hardening', () => {
  let ctx: TestContext;
  let token: string;
  let admin: string;
  let user: TestUser;
  let deviceId: number;
  let deviceTypeId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const company = await createCompany(ctx.database.db);
    user = await createUser(ctx.database.db, company.id, { impersonate: true });
    token = (await signIn(ctx.app, user.username, user.password)).access_token;
    const root = await createUser(ctx.database.db, company.id, { superAdmin: true });
    admin = (await signIn(ctx.app, root.username, root.password)).access_token;
    ({ id: deviceId, deviceTypeId } = await createDevice(ctx.database.db, company.id));
  });
  afterAll(() => ctx?.close());

  describe('authentication sees the path the router routes', () => {
    const variants = ['/%61pi/devices', '/a%70i/devices', '/ap%69/devices', '/%41pi/devices'.replace('%41', '%61'), '/api/%64evices', '/%61%70%69/devices'];

    it.each(variants)('%s without a token is 401, as /api/devices is', async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    });

    it('an encoded path with a token reaches the same handler as the plain one', async () => {
      const plain = await ctx.app.inject({ method: 'GET', url: `/api/devices/${deviceId}`, headers: bearer(token) });
      const encoded = await ctx.app.inject({ method: 'GET', url: `/%61pi/devices/${deviceId}`, headers: bearer(token) });
      expect(plain.statusCode).toBe(200);
      expect(encoded.statusCode).toBe(200);
      expect(encoded.json()).toEqual(plain.json());
    });
  });

  describe('text no column can hold is a field error', () => {
    const cases: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
      [
        'user settings',
        () => ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/guide', headers: bearer(token), payload: { value: { note: NUL } } }),
      ],
      ['user settings key', () => ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/a%00b', headers: bearer(token), payload: { value: 1 } })],
      [
        'support mail',
        () => ctx.app.inject({ method: 'POST', url: '/api/support/mail', headers: bearer(token), payload: { title: NUL, message: 'hello there' } }),
      ],
      [
        'duplicate name',
        () => ctx.app.inject({ method: 'POST', url: `/api/devicetypes/${deviceTypeId}/duplicate`, headers: bearer(admin), payload: { name: NUL } }),
      ],
      ['impersonation client_id', () => ctx.app.inject({ method: 'GET', url: `/api/impersonate/${user.id}?client_id=a%00b`, headers: bearer(admin) })],
      [
        'token username',
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/token',
            ...form({
              grant_type: 'password',
              client_id: DEFAULT_WEB_CLIENT.clientId,
              client_secret: DEFAULT_WEB_CLIENT.clientSecret,
              username: NUL,
              password: 'x',
            }),
          }),
      ],
      [
        'token client_id',
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/token',
            ...form({ grant_type: 'password', client_id: NUL, client_secret: 'x', username: 'u', password: 'x' }),
          }),
      ],
      [
        'token revoke',
        () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/token/revoke',
            ...form({ token: NUL, client_id: DEFAULT_WEB_CLIENT.clientId, client_secret: DEFAULT_WEB_CLIENT.clientSecret }),
          }),
      ],
      [
        'settings with a lone surrogate',
        () =>
          ctx.app.inject({
            method: 'PUT',
            url: '/api/users/current/settings/guide',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: '{"value":{"note":"a\\ud800b"}}',
          }),
      ],
      [
        'a lone surrogate in a key',
        () =>
          ctx.app.inject({
            method: 'PUT',
            url: '/api/users/current/settings/guide',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: '{"value":{"\\udc00":1}}',
          }),
      ],
    ];

    it.each(cases)('%s: 400', async (_name, send) => {
      const response = await send();
      expect(response.statusCode).toBe(400);
    });

    it('names the field', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/current/settings/guide',
        headers: bearer(token),
        payload: { value: { items: ['ok', NUL] } },
      });
      expect(response.json()).toEqual({ errors: { 'value.items.1': [MESSAGE_KEYS.incorrect] }, rootErrors: [] });
    });

    it('the token endpoint keeps its OAuth error shape', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/token',
        ...form({
          grant_type: 'password',
          client_id: DEFAULT_WEB_CLIENT.clientId,
          client_secret: DEFAULT_WEB_CLIENT.clientSecret,
          username: NUL,
          password: 'x',
        }),
      });
      expect(response.json()).toMatchObject({ error: 'invalid_request' });
    });

    it('an ingest serial or code with NUL is a wrong credential', async () => {
      const company = await createCompany(ctx.database.db);
      const module = await createModule(ctx.database.db, company.id, null);
      for (const auth of [basicAuth(`${module.serial}\u0000`, module.code), basicAuth(module.serial, `${module.code}\u0000`), basicAuth('a\ud800', 'x')]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/ingest',
          headers: { ...auth, 'content-type': 'application/json' },
          payload: { readings: [] },
        });
        expect(response.statusCode).toBe(401);
      }
    });
  });

  describe('ids', () => {
    it.each(['2147483648', '99999999999999999999', '0x1f', '%2031', '31%20', '1e3', '-1', '0', '1.0'])('path id %s is 404', async (id) => {
      for (const url of [`/api/devices/${id}`, `/api/devicegroups/${id}`, `/api/devices/${id}/readings/current`, `/api/devicetypes/${id}`]) {
        const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(admin) });
        expect(response.statusCode, url).toBe(404);
      }
    });

    it('a filter id past int4 is 400', async () => {
      for (const filter of ['{"deviceType":2147483648}', '{"deviceGroup":99999999999}', '{"company":2147483648}']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/devices?filter=${encodeURIComponent(filter)}`, headers: bearer(admin) });
        expect(response.statusCode, filter).toBe(400);
      }
    });

    it('a page past any offset is 400', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/devices?page=1e300', headers: bearer(token) });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('x-contexts', () => {
    it.each(['a%0D%0Ab: c', 'a%0Ab', 'a%00b', 'a b'])('context %s is refused, never echoed', async (context) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/devices?context=${context}`, headers: bearer(token) });
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-contexts']).toBeUndefined();
    });

    it('a known context is echoed', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/devicetypes?context=admin', headers: bearer(admin) });
      expect(response.headers['x-contexts']).toBe('admin');
    });
  });

  describe('deep JSON', () => {
    it('a 5,000-level setting is a 400, not a stack overflow', async () => {
      const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/current/settings/guide',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: `{"value":${deep}}`,
      });
      expect(response.statusCode).toBe(400);
      const arrays = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const second = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/current/settings/guide',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: `{"value":${arrays}}`,
      });
      expect(second.statusCode).toBe(400);
    });

    it('a board as deep as the client writes is taken', async () => {
      const value = {
        monitors: [
          {
            id: 'm1',
            kind: 'geo',
            settings: {
              area: {
                polygon: [
                  [
                    [52.1, 21.0],
                    [52.2, 21.1],
                    [52.3, 21.0],
                  ],
                ],
              },
            },
          },
        ],
      };
      const response = await ctx.app.inject({ method: 'PUT', url: '/api/users/current/settings/harness-board', headers: bearer(token), payload: { value } });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('answers and tokens', () => {
    it('API answers are not cached', async () => {
      for (const [url, headers] of [
        ['/api/devices', bearer(token)],
        ['/api/config', {}],
        ['/api/nothing-here', {}],
        [`/api/devices/${deviceId}`, {}],
      ] as const) {
        const response = await ctx.app.inject({ method: 'GET', url, headers });
        expect(response.headers['cache-control'], url).toBe('no-store');
      }
    });

    it('refuses a correctly signed token without exp', async () => {
      const secret = await ctx.database.db.selectFrom('instance_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
      const key = new TextEncoder().encode(ctx.config.JWT_SECRET ?? secret.value);
      const claims = new SignJWT({ cid: user.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('gearwatch')
        .setAudience('gearwatch-api');
      const withoutExp = await claims.setIssuedAt().sign(key);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(withoutExp) })).statusCode).toBe(401);
      const forever = await new SignJWT({ cid: user.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('gearwatch')
        .setAudience('gearwatch-api')
        .setIssuedAt()
        .setExpirationTime('100y')
        .sign(key);
      // Signed with our key but saying it lives longer than any token we issue; and one without iat.
      const noIat = await new SignJWT({ cid: user.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuer('gearwatch')
        .setAudience('gearwatch-api')
        .setExpirationTime('1h')
        .sign(key);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(noIat) })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(forever) })).statusCode).toBe(401);
      const bigSub = await new SignJWT({ cid: user.companyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('2147483648')
        .setIssuer('gearwatch')
        .setAudience('gearwatch-api')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/users/current', headers: bearer(bigSub) })).statusCode).toBe(401);
    });
  });
});
