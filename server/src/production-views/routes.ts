import { z } from 'zod';
import {
  PRODUCTION_VIEW_SORT_FIELDS,
  createdDisplayLinkSchema,
  displayLinkInputSchema,
  displayLinkListSchema,
  problemSchema,
  productionParameterOptionListSchema,
  productionViewInputSchema,
  productionViewListFilterSchema,
  productionViewListSchema,
  productionViewSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import { registerListRoute } from '../http/list.ts';
import { registerDuplicateRoute } from '../forms/duplicate.ts';
import { idParams, rowIdParam } from '../http/params.ts';
import type { App } from '../http/types.ts';
import type { DisplayLinksService } from './display-links-service.ts';
import type { ProductionViewsService } from './views-service.ts';

const tags = ['production views'];

/**
 * The wizard's body carries the logo as a data URL: a logo of PRODUCTION_VIEW_LIMITS.logoMaxBytes (1 MiB) is about
 * 1.4 MiB of base64, above the app's default limit; a larger body is the app's usual 413.
 */
export const PRODUCTION_VIEW_BODY_LIMIT = 2 * 1024 * 1024;

const FIELDS =
  '400 names every wrong field at once (prodview_type, prodview_name, lineParams, lineParams.{0|1}.{lineName|deviceId|parameter_id|goal}, reset_hours, file) with the productionview.* keys and writes nothing';
const writeResponses = { 400: validationErrorSchema, 401: problemSchema, 404: problemSchema, 413: problemSchema };
const linkParams = z.object({ id: rowIdParam, linkId: rowIdParam });
const parametersQuery = z.object({ deviceId: rowIdParam });

/** `/api/productionviews`: the list, one view, the wizard's create and edit, delete, a device's parameters and display links. */
export function productionViewsRoutes(app: App, views: ProductionViewsService, links: DisplayLinksService): void {
  registerListRoute(app, '/api/productionviews', tags, {
    summary: "Production views of the caller's company with their lines, reset hours and logo; search on the name",
    sortable: PRODUCTION_VIEW_SORT_FIELDS,
    filter: productionViewListFilterSchema,
    defaultSort: [{ field: 'name', direction: 'asc' }],
    response: { 200: productionViewListSchema, 204: z.null(), 400: validationErrorSchema, 401: problemSchema },
    load: (auth, list) => views.list(auth, list),
  });
  app.get(
    '/api/productionviews/parameters',
    {
      schema: {
        tags,
        summary:
          "What a line may show for one of the company's devices: efficiency (0), work (1), active (2), then the counters of its type (sum parameters but work, active and 10000); 404 for another company's device",
        querystring: parametersQuery,
        response: { 200: productionParameterOptionListSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => ({ entries: await views.parameters(request.auth, request.query.deviceId) }),
  );
  app.post(
    '/api/productionviews',
    {
      bodyLimit: PRODUCTION_VIEW_BODY_LIMIT,
      schema: {
        tags,
        summary: `Create a production view (the wizard's Send): prodview_type, prodview_name, lineParams (two lines: lineName, deviceId, parameter_id, goal), reset_hours ("06:00,14:00" or an array of 'HH:00'), file (the logo as a png or jpeg data URL, required); ${FIELDS}`,
        body: productionViewInputSchema,
        response: { 201: productionViewSchema, ...writeResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await views.create(request.auth, request.body)),
  );
  app.get(
    '/api/productionviews/:id',
    {
      schema: {
        tags,
        summary: 'One production view with its lines, reset hours and logo',
        params: idParams,
        response: { 200: productionViewSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    (request) => views.get(request.auth, request.params.id),
  );
  app.put(
    '/api/productionviews/:id',
    {
      bodyLimit: PRODUCTION_VIEW_BODY_LIMIT,
      schema: {
        tags,
        summary: `Change a production view (the wizard opened to edit): the create's fields; file absent or null keeps the logo; ${FIELDS}`,
        params: idParams,
        body: productionViewInputSchema,
        response: { 200: productionViewSchema, ...writeResponses },
      },
    },
    (request) => views.update(request.auth, request.params.id, request.body),
  );
  registerDuplicateRoute(app, {
    resource: 'productionviews',
    tag: tags[0]!,
    summary:
      "Copy a production view with its lines, reset hours and logo (not its display links), named `name` or the original's name + ' (copy)' (numbered when taken)",
    duplicate: (auth, id, name) => views.duplicate(auth, id, name),
  });
  app.delete(
    '/api/productionviews/:id',
    {
      schema: {
        tags,
        summary: 'Delete a production view with its lines and display links (their screens close)',
        params: idParams,
        response: { 204: z.null(), 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      await views.delete(request.auth, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/productionviews/:id/displaylinks',
    {
      schema: {
        tags,
        summary:
          'Make a display link of the view (a TV shows it without a sign-in): answers its token and path /display/{token} once; only the token’s SHA-256 is kept',
        params: idParams,
        // A link without a label may be asked for with no body at all.
        body: displayLinkInputSchema.nullish(),
        response: { 201: createdDisplayLinkSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await links.create(request.auth, request.params.id, request.body ?? {})),
  );
  app.get(
    '/api/productionviews/:id/displaylinks',
    {
      schema: {
        tags,
        summary: "The view's display links, oldest first, without their tokens",
        params: idParams,
        response: { 200: displayLinkListSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => ({ entries: await links.list(request.auth, request.params.id) }),
  );
  app.delete(
    '/api/productionviews/:id/displaylinks/:linkId',
    {
      schema: {
        tags,
        summary: 'Revoke a display link at once (its screens close); 404 for a link of another view',
        params: linkParams,
        response: { 204: z.null(), 401: problemSchema, 404: problemSchema },
      },
    },
    async (request, reply) => {
      await links.revoke(request.auth, request.params.id, request.params.linkId);
      return reply.status(204).send(null);
    },
  );
}
