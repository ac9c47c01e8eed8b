import { z } from 'zod';
import { formDefinitionSchema, formSubmitResultSchema, problemSchema, validationErrorSchema } from '@gearwatch/contracts';
import { idParams } from '../http/params.ts';
import type { App } from '../http/types.ts';
import type { AlertConditionsService } from './conditions-service.ts';
import { conditionParams } from './params.ts';

const tags = ['alert rules'];
const submitBody = z.record(z.string(), z.unknown());
const errors = { 400: validationErrorSchema, 401: problemSchema, 404: problemSchema };
const NO_CONDITIONS = "400 rootErrors ['alert-rule.conditions-not-accepted'] for a type without conditions";

/** `/api/alertrules/{id}/conditions`: the condition form of the rule's type, and adding, changing and removing conditions. */
export function alertConditionsRoutes(app: App, conditions: AlertConditionsService): void {
  const base = '/api/alertrules/:id/conditions';
  app.get(
    `${base}/new`,
    {
      schema: {
        tags,
        summary: `The form of a new condition: the fields of the rule's type; ${NO_CONDITIONS}`,
        params: idParams,
        response: { 200: formDefinitionSchema, ...errors },
      },
    },
    (request) => conditions.definition(request.auth, request.params.id, null),
  );
  app.get(
    `${base}/:conditionId/edit`,
    {
      schema: {
        tags,
        summary: 'The form of one condition of the rule, filled with its values',
        params: conditionParams,
        response: { 200: formDefinitionSchema, ...errors },
      },
    },
    (request) => conditions.definition(request.auth, request.params.id, request.params.conditionId),
  );
  app.post(
    base,
    {
      schema: {
        tags,
        summary: `Add a condition from the form's fields and its token (form-encoded or JSON); all of a rule's conditions must hold for it to breach; ${NO_CONDITIONS}`,
        params: idParams,
        body: submitBody,
        response: { 201: formSubmitResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ id: await conditions.create(request.auth, request.params.id, request.body) }),
  );
  app.put(
    `${base}/:conditionId`,
    {
      schema: {
        tags,
        summary: "Change a condition from its form's fields and token",
        params: conditionParams,
        body: submitBody,
        response: { 200: formSubmitResultSchema, ...errors },
      },
    },
    async (request) => {
      await conditions.update(request.auth, request.params.id, request.params.conditionId, request.body);
      return { id: request.params.conditionId };
    },
  );
  app.delete(
    `${base}/:conditionId`,
    { schema: { tags, summary: 'Remove one condition of the rule', params: conditionParams, response: { 200: z.object({}), ...errors } } },
    async (request) => {
      await conditions.delete(request.auth, request.params.id, request.params.conditionId);
      return {};
    },
  );
}
