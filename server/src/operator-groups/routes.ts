import { GROUP_RESPONSES } from '@gearwatch/contracts';
import type { FormTokens } from '../forms/token.ts';
import { registerResourceRoutes } from '../forms/resource-routes.ts';
import type { App } from '../http/types.ts';
import type { OperatorGroupsService } from './service.ts';

/** The operator-group routes but the list (`GET /api/deviceoperatorgroups`, registered by operators/routes.ts). */
export function operatorGroupsRoutes(app: App, groups: OperatorGroupsService, tokens: FormTokens): void {
  registerResourceRoutes(app, {
    resource: 'deviceoperatorgroups',
    tag: 'operator groups',
    get: { summary: 'One operator group with its operators named', response: GROUP_RESPONSES.operatorGroupGet, load: (auth, id) => groups.get(auth, id) },
    form: groups,
    tokens,
    remove: {
      summary: 'Delete an operator group; 409 with dependents {operators} while it holds operators',
      remove: (auth, id) => groups.delete(auth, id),
      unblock: {
        operators: { summary: 'Take every operator out of the group (their group becomes none)', run: (auth, id) => groups.unassignOperators(auth, id) },
      },
    },
  });
}
