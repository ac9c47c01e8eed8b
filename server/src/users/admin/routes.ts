import { USER_RESPONSES } from '@gearwatch/contracts';
import type { App } from '../../http/types.ts';
import type { FormTokens } from '../../forms/token.ts';
import type { FormResource } from '../../forms/routes.ts';
import { registerResourceRoutes } from '../../forms/resource-routes.ts';
import type { UserAdminService } from './service.ts';
import { USER_RESOURCE } from './service.ts';

/** One user, the user form (a new user is mailed a welcome link) and delete; the list is the directory's. */
export function userAdminRoutes(app: App, users: UserAdminService, tokens: FormTokens): void {
  // The welcome mail is in the outbox with the new user; the outbox sender delivers it (docs/mail.md), retrying while
  // SMTP fails, and a mail that finally fails is logged there; the user stays (they can ask for a reset link).
  const form: FormResource = {
    fields: (auth, id) => users.fields(auth, id),
    choices: (auth) => users.choices(auth),
    data: (auth, id) => users.data(auth, id),
    update: (auth, id, values) => users.update(auth, id, values),
    check: (auth, id, values, failed) => users.check(auth, id, values, failed),
    async create(auth, values) {
      return (await users.createUser(auth, values)).id;
    },
  };
  registerResourceRoutes(app, {
    resource: USER_RESOURCE,
    tag: 'users',
    get: {
      summary: "One user of the caller's company (any company's for a super-admin)",
      response: USER_RESPONSES.get,
      load: (auth, id) => users.get(auth, id),
    },
    form,
    tokens,
    remove: {
      summary: 'Delete a user with their settings and sessions; 400 for oneself, 403 for a super-admin unless the caller is one',
      remove: (auth, id) => users.remove(auth, id),
    },
  });
}
