import { z } from 'zod';
import { problemSchema, putUserSettingSchema, userSettingSchema, userSettingsListSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import type { UserSettingsService } from './service.ts';

// Keys may contain '/' (settings named after routes), so the key is the wildcard rest of the path.
const keyParams = z.object({ '*': z.string().min(1).max(120) });

export function settingsRoutes(app: App, settings: UserSettingsService): void {
  const tags = ['users'];
  app.get(
    '/api/users/current/settings',
    { schema: { tags, summary: "The current user's settings", response: { 200: userSettingsListSchema } } },
    async (request) => ({ entries: await settings.list(request.auth) }),
  );
  app.get(
    '/api/users/current/settings/*',
    { schema: { tags, summary: 'One setting of the current user', params: keyParams, response: { 200: userSettingSchema, 404: problemSchema } } },
    (request) => settings.get(request.auth, request.params['*']),
  );
  app.put(
    '/api/users/current/settings/*',
    {
      schema: {
        tags,
        summary: 'Store one setting of the current user (JSON body {value})',
        params: keyParams,
        body: putUserSettingSchema,
        response: { 200: userSettingSchema, 400: validationErrorSchema },
      },
    },
    (request) => settings.put(request.auth, request.params['*'], request.body.value),
  );
  app.delete(
    '/api/users/current/settings/*',
    { schema: { tags, summary: 'Remove one setting of the current user', params: keyParams, response: { 204: z.null(), 404: problemSchema } } },
    async (request, reply) => {
      await settings.remove(request.auth, request.params['*']);
      return reply.status(204).send(null);
    },
  );
}
