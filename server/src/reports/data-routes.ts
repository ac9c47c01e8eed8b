import { z } from 'zod';
import { REPORT_TYPES, problemSchema, reportDataQuerySchema, reportDocumentSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import type { ReportDataService } from './data-service.ts';

const typeParams = z.object({ type: z.enum(REPORT_TYPES) });

/** The report screens' data call; the same builders make the generated files (docs/reports.md). */
export function reportDataRoutes(app: App, reports: ReportDataService): void {
  app.get(
    '/api/reports/:type/data',
    {
      schema: {
        tags: ['reports'],
        summary:
          "A report of the caller's company for a selection and period, as sections of columns and rows (400 for a reversed or too long range, a missing selection, or shifts without production shifts; at most a screen's rows, then `truncated`)",
        params: typeParams,
        querystring: reportDataQuerySchema,
        response: { 200: reportDocumentSchema, 400: validationErrorSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    (request) => reports.data(request.auth, request.params.type, request.query),
  );
}
