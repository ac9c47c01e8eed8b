import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerOpenApi } from '../src/http/openapi.ts';
import type { ConformanceRecorder } from './openapi-conformance.ts';
import { recordConformance } from './openapi-conformance.ts';

/** The check createTestContext installs must be able to fail: an app whose answers break its own document. */
describe('OpenAPI conformance check', () => {
  let app: FastifyInstance;
  let recorder: ConformanceRecorder;
  const countSchema = z.object({ count: z.number().int(), level: z.enum(['info', 'error']).nullable() });

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    recorder = recordConformance(app);
    await registerOpenApi(app, {});
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const schema = { response: { 200: countSchema } };
    routes.get('/api/right', { config: { public: true }, schema }, async () => ({ count: 1, level: null }));
    // A string body is sent as it is, past the serializer: what a route that builds its own JSON would do.
    routes.get('/api/wrong-body', { config: { public: true }, schema }, async (_request, reply) =>
      reply.type('application/json').send('{"count":"one","level":"warning"}' as never),
    );
    // The type provider allows only declared statuses; answering another is the defect this route stands for.
    routes.get('/api/undeclared-status', { config: { public: true }, schema }, async (_request, reply) =>
      reply.code(418 as 200).send({ count: 1, level: null }),
    );
    routes.get('/api/wrong-media', { config: { public: true }, schema }, async (_request, reply) => reply.type('text/csv').send('count\n1' as never));
    routes.get('/api/hidden', { config: { public: true }, schema: { hide: true } }, async () => ({ anything: true }));
    await app.ready();
  });
  afterAll(() => app?.close());

  it('accepts an answer the document describes, a nullable enum null included', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/right' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/hidden' })).statusCode).toBe(200);
    expect(recorder.violations()).toEqual([]);
    expect(recorder.report()).toBeNull();
  });

  it('reports a body that breaks the schema, an undeclared status and an undeclared media type, once each with a count', async () => {
    await app.inject({ method: 'GET', url: '/api/wrong-body' });
    await app.inject({ method: 'GET', url: '/api/wrong-body' });
    await app.inject({ method: 'GET', url: '/api/undeclared-status' });
    await app.inject({ method: 'GET', url: '/api/wrong-media' });
    const violations = recorder.violations();
    expect(violations.map(({ message, count }) => ({ message: message.split(':')[0], count }))).toEqual([
      { message: 'GET /api/wrong-body → 200', count: 2 },
      { message: 'GET /api/undeclared-status → 418', count: 1 },
      { message: 'GET /api/wrong-media → 200', count: 1 },
    ]);
    expect(violations[0]?.message).toMatch(/body does not match the schema: \/count must be integer.*\/level must be equal to one of the allowed values/);
    expect(violations[1]?.message).toContain('status not declared (declared: 200, 400, 500)');
    expect(violations[2]?.message).toContain('answers text/csv, the document declares application/json');
    expect(recorder.report()).toMatch(/^3 answer\(s\) the OpenAPI document does not describe[\s\S]*\(×2\)\n\s+body: \{"count":"one"/);
  });
});
