import { z } from 'zod';
import {
  FACTORY_XLSX_CONTENT_TYPE,
  LOCATIONS_STEP_HEADER,
  asyncDiagnosticsQuerySchema,
  asyncDiagnosticsResponseSchema,
  deviceDiagnosticsQuerySchema,
  deviceDiagnosticsResponseSchema,
  factoryReportFileQuerySchema,
  factoryReportQuerySchema,
  factoryReportResponseSchema,
  locationsQuerySchema,
  locationsResponseSchema,
  operatorDiagnosticsQuerySchema,
  operatorDiagnosticsResponseSchema,
  problemSchema,
  validationErrorSchema,
} from '@gearwatch/contracts';
import type { Location } from '@gearwatch/contracts';
import type { App } from '../http/types.ts';
import type { FactoryReportService } from './factory-report.ts';
import type { OperatorDiagnosticsService } from './operator-service.ts';
import type { DiagnosticsService } from './service.ts';
import { idParams } from '../http/params.ts';

export interface DiagnosticsRouteServices {
  diagnostics: DiagnosticsService;
  operatorDiagnostics: OperatorDiagnosticsService;
  factoryReports: FactoryReportService;
}

const errors = { 400: validationErrorSchema, 404: problemSchema };

/** The spec 02 §7 calls; shapes and rules are documented on the contracts (contracts/src/diagnostics*.ts). */
export function diagnosticsRoutes(app: App, { diagnostics, operatorDiagnostics, factoryReports }: DiagnosticsRouteServices): void {
  const tags = ['diagnostics'];
  app.get(
    '/api/devices/diagnostics/multiple',
    {
      schema: {
        tags,
        summary: 'Parameters of devices per interval bucket, from the rollups (404 when no requested parameter exists on the devices)',
        querystring: deviceDiagnosticsQuerySchema,
        response: { 200: deviceDiagnosticsResponseSchema, ...errors },
      },
    },
    (request) => diagnostics.deviceDiagnostics(request.auth, request.query),
  );
  app.get(
    '/api/devices/diagnostics/async/multiple',
    {
      schema: {
        tags,
        summary: 'Raw readings of one device (404 when no requested parameter exists on it)',
        querystring: asyncDiagnosticsQuerySchema,
        response: { 200: asyncDiagnosticsResponseSchema, ...errors },
      },
    },
    (request) => {
      const { devices, ...rest } = request.query;
      return diagnostics.rawReadings(request.auth, { ...rest, deviceId: devices[0]! });
    },
  );
  app.get(
    '/api/deviceoperators/diagnostics/multiple',
    {
      schema: {
        tags,
        summary: 'Work and activity per operator from their RFID sessions (400 when an operator group has no operators)',
        querystring: operatorDiagnosticsQuerySchema,
        response: { 200: operatorDiagnosticsResponseSchema, ...errors },
      },
    },
    (request) => operatorDiagnostics.diagnostics(request.auth, request.query),
  );
  app.get(
    '/api/reports/factory/data',
    {
      schema: {
        tags,
        summary: 'Work/activity chart per device and bucket, or per shift',
        querystring: factoryReportQuerySchema,
        response: { 200: factoryReportResponseSchema, ...errors },
      },
    },
    (request) => factoryReports.data(request.auth, request.query),
  );
  app.get(
    '/api/reports/factory/xlsx',
    {
      schema: {
        tags,
        summary: `The work/activity chart as a spreadsheet (${FACTORY_XLSX_CONTENT_TYPE}), work-activity-chart-{from}-{to}.xlsx`,
        querystring: factoryReportFileQuerySchema,
        response: {
          200: { description: 'The .xlsx file (attachment)', content: { [FACTORY_XLSX_CONTENT_TYPE]: { schema: z.string().meta({ format: 'binary' }) } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await factoryReports.xlsx(request.auth, request.query);
      return (
        reply
          .header('content-type', FACTORY_XLSX_CONTENT_TYPE)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          // Fastify sends a Buffer as it is (no serializer); the schema above only documents it as binary.
          .send(file.body as unknown as string)
      );
    },
  );
  app.get(
    '/api/device/:id/locations',
    {
      schema: {
        tags,
        summary: `Positions of a device by time (thinned beyond the limit; the step is then in the ${LOCATIONS_STEP_HEADER} header)`,
        params: idParams,
        querystring: locationsQuerySchema,
        response: { 200: locationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await diagnostics.locations(request.auth, request.params.id, request.query.from, request.query.to);
      if (answer.stepSeconds !== null) void reply.header(LOCATIONS_STEP_HEADER, String(answer.stepSeconds));
      // Fastify sends a string with a JSON content type as it is; the tests check it against the schema above.
      return reply.type('application/json; charset=utf-8').send(answer.json as unknown as Location[]);
    },
  );
}
