import { z } from 'zod';
import { REPORT_TYPES, problemSchema, reportDataQuerySchema, reportDocumentSchema, validationErrorSchema } from '@gearwatch/contracts';
import type { App } from '../../http/types.ts';
import type { ReportDataService } from './data-service.ts';

const typeParams = z.object({ type: z.enum(REPORT_TYPES) });

/** The report screens' data call; the same builders make the generated files (docs/reports.md). */
export function reportDataRoutes(app: App, reports: ReportDataService): void {
  app.get(
    '/api/reports/:type/data',
    {
      // The document's cells are typed by the builders that write them; checking a month of the work matrix
      // (~150,000 cells) against the response schema took 45–95 ms a call, more than building it
      // (docs/performance.md), so this route writes its answers as they are. The schema still documents them.
      serializerCompiler: () => (data) => JSON.stringify(data),
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
