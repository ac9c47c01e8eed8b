import { currentUserSchema, problemSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import type { UsersService } from './service.ts';

export function usersRoutes(app: App, users: UsersService): void {
  app.get(
    '/api/users/current',
    { schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: currentUserSchema, 401: problemSchema } } },
    (request) => users.current(request.auth),
  );
}
