import { GROUP_RESPONSES } from '@gearwatch/contracts';
import type { FormTokens } from '../forms/token.ts';
import { registerFormRoutes } from '../forms/routes.ts';
import { registerDeleteRoutes } from '../forms/delete-routes.ts';
import type { App } from '../http/types.ts';
import type { OperatorGroupsService } from './service.ts';
import { idParams } from '../http/params.ts';


/** The operator-group routes but the list (`GET /api/deviceoperatorgroups`, registered by operators/routes.ts). */
export function operatorGroupsRoutes(app: App, groups: OperatorGroupsService, tokens: FormTokens): void {
  const tags = ['operator groups'];
  registerFormRoutes(app, { resource: 'deviceoperatorgroups', tag: tags[0]!, form: groups, tokens });
  app.get(
    '/api/deviceoperatorgroups/:id',
    { schema: { tags, summary: 'One operator group with its operators named', params: idParams, response: GROUP_RESPONSES.operatorGroupGet } },
    (request) => groups.get(request.auth, request.params.id),
  );
  registerDeleteRoutes(app, {
    resource: 'deviceoperatorgroups',
    tag: tags[0]!,
    summary: 'Delete an operator group; 409 with dependents {operators} while it holds operators',
    remove: (auth, id) => groups.delete(auth, id),
    unblock: { operators: { summary: 'Take every operator out of the group (their group becomes none)', run: (auth, id) => groups.unassignOperators(auth, id) } },
  });
}
