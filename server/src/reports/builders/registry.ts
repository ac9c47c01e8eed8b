import type { ReportType } from '@gearwatch/contracts';
import { NotFoundError } from '../../http/errors.ts';
import type { ReportBuilder } from '../model.ts';
import { alertsReport } from './alerts.ts';
import { deviceEfficiencyReport } from './device-efficiency.ts';
import { deviceOperatorsReport } from './device-operators.ts';
import { deviceShiftReport } from './device-shift.ts';
import { devicesWorkReport } from './devices-work.ts';
import { efficiencyReport } from './efficiency.ts';
import { shiftChartReport } from './shift-chart.ts';
import { workDetailsReport } from './work-details.ts';
import { workMatrixReport } from './work-matrix.ts';
import { workersWorkReport } from './workers-work.ts';

/**
 * Every report type's builder: the screen's data call and the file generation both find the builder here, so a
 * type's numbers are computed by one piece of code. Total over REPORT_TYPES: a new type fails the type check here.
 */
export const REPORT_BUILDERS: Record<ReportType, ReportBuilder> = {
  'efficiency-report': efficiencyReport,
  'device-efficiency-report': deviceEfficiencyReport,
  'devices-work-report': devicesWorkReport,
  'device-work-details-report': workDetailsReport,
  'production-device-work-matrix': workMatrixReport,
  'device-operators-report': deviceOperatorsReport,
  'workers-work-report': workersWorkReport,
  'alerts-report': alertsReport,
  'device-work-device-shift': deviceShiftReport,
  'device-work-shift-chart': shiftChartReport,
};

/** The builder of a type (a path segment that is no report type is a 404 rather than a 500). */
export function reportBuilderOf(type: string): ReportBuilder {
  const builder = (REPORT_BUILDERS as Partial<Record<string, ReportBuilder>>)[type];
  if (!builder) throw new NotFoundError();
  return builder;
}
