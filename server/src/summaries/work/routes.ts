import {
  WORK_SUMMARY_PATHS,
  efficiencySummaryResponseSchema,
  operatorSummaryQuerySchema,
  problemSchema,
  shiftWorkSummaryQuerySchema,
  shiftWorkSummaryResponseSchema,
  validationErrorSchema,
  workDeviceSummaryQuerySchema,
  workSummaryResponseSchema,
} from '@gearwatch/contracts';
import type { App } from '../../http/types.ts';
import type { WorkSummariesService } from './service.ts';

const errors = { 400: validationErrorSchema, 404: problemSchema };

/** The work summary widgets' calls; shapes and period rules are documented in contracts/src/summaries/work.ts. */
export function workSummariesRoutes(app: App, summaries: WorkSummariesService): void {
  const tags = ['summaries'];
  app.get(
    WORK_SUMMARY_PATHS.activity,
    {
      schema: {
        tags,
        summary: 'Work and active time per device (or device group) in a period, with the change against the previous period',
        querystring: workDeviceSummaryQuerySchema,
        response: { 200: workSummaryResponseSchema, ...errors },
      },
    },
    (request) => summaries.activity(request.auth, request.query),
  );
  app.get(
    WORK_SUMMARY_PATHS.efficiency,
    {
      schema: {
        tags,
        summary: 'Work, active time, percent activity and efficiency per device (or device group) and their average in a period',
        querystring: workDeviceSummaryQuerySchema,
        response: { 200: efficiencySummaryResponseSchema, ...errors },
      },
    },
    (request) => summaries.efficiency(request.auth, request.query),
  );
  app.get(
    WORK_SUMMARY_PATHS.operators,
    {
      schema: {
        tags,
        summary: 'Work and active time per operator (or operator group) from their sessions in a period',
        querystring: operatorSummaryQuerySchema,
        response: { 200: workSummaryResponseSchema, ...errors },
      },
    },
    (request) => summaries.operatorSummary(request.auth, request.query),
  );
  app.get(
    WORK_SUMMARY_PATHS.shiftWork,
    {
      schema: {
        tags,
        summary: 'Work, active time and counter of the selected devices per company shift in a period (400 when the company has no shifts)',
        querystring: shiftWorkSummaryQuerySchema,
        response: { 200: shiftWorkSummaryResponseSchema, ...errors },
      },
    },
    (request) => summaries.shiftWork(request.auth, request.query),
  );
}
