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
import { summaryRoute } from '../routes.ts';
import type { WorkSummariesService } from './service.ts';

const errors = { 400: validationErrorSchema, 404: problemSchema };

/** The work summary widgets' calls; shapes and period rules are documented in contracts/src/summaries/work.ts. */
export function workSummariesRoutes(app: App, summaries: WorkSummariesService): void {
  summaryRoute(app, WORK_SUMMARY_PATHS.activity, errors, {
    summary: 'Work and active time per device (or device group) in a period, with the change against the previous period',
    querystring: workDeviceSummaryQuerySchema,
    answer: workSummaryResponseSchema,
    handle: (auth, query) => summaries.activity(auth, query),
  });
  summaryRoute(app, WORK_SUMMARY_PATHS.efficiency, errors, {
    summary: 'Work, active time, percent activity and efficiency per device (or device group) and their average in a period',
    querystring: workDeviceSummaryQuerySchema,
    answer: efficiencySummaryResponseSchema,
    handle: (auth, query) => summaries.efficiency(auth, query),
  });
  summaryRoute(app, WORK_SUMMARY_PATHS.operators, errors, {
    summary: 'Work and active time per operator (or operator group) from their sessions in a period',
    querystring: operatorSummaryQuerySchema,
    answer: workSummaryResponseSchema,
    handle: (auth, query) => summaries.operatorSummary(auth, query),
  });
  summaryRoute(app, WORK_SUMMARY_PATHS.shiftWork, errors, {
    summary: 'Work, active time and counter of the selected devices per company shift in a period (400 when the company has no shifts)',
    querystring: shiftWorkSummaryQuerySchema,
    answer: shiftWorkSummaryResponseSchema,
    handle: (auth, query) => summaries.shiftWork(auth, query),
  });
}
