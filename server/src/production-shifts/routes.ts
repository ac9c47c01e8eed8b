import { productionShiftListSchema } from '@gearwatch/contracts';
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
}
