import { productionShiftListSchema, productionShiftsSaveSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import type { ProductionShiftsService } from './service.ts';

export function productionShiftsRoutes(app: App, shifts: ProductionShiftsService): void {
  app.get(
    '/api/user/production_shifts',
    {
      schema: {
        tags: ['users'],
        summary: "The production shifts of the caller's company, in order (full hours in the company's timezone)",
        response: { 200: productionShiftListSchema },
      },
    },
    async (request) => ({ entries: await shifts.list(request.auth) }),
  );
  app.post(
    '/api/user/production_shifts',
    {
      schema: {
        tags: ['users'],
        summary:
          "Replaces the caller's company's production shifts with the list sent, in order (at most 4; full hours in the company's " +
          "timezone; a shift ending before it starts goes over midnight). The shift figures are derived again. 400 names the shift's position.",
        body: productionShiftsSaveSchema,
        response: { 200: productionShiftListSchema, 400: validationErrorSchema },
      },
    },
    async (request) => ({ entries: await shifts.replace(request.auth, request.body) }),
  );
}
