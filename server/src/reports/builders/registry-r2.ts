import type { ReportBuilder } from '../model.ts';
import type { ReportType } from '@gearwatch/contracts';
import { alertsReport } from './alerts.ts';
import { deviceOperatorsReport } from './device-operators.ts';
import { deviceShiftReport } from './device-shift.ts';
import { shiftChartReport } from './shift-chart.ts';
import { workersWorkReport } from './workers-work.ts';

/**
 * The operator, alert and shift report builders by type; the integrator merges them into REPORT_BUILDERS
 * (registry.ts), which holds every type.
 */
export const OPERATOR_ALERT_SHIFT_BUILDERS: Partial<Record<ReportType, ReportBuilder>> = {
  [deviceOperatorsReport.type]: deviceOperatorsReport,
  [workersWorkReport.type]: workersWorkReport,
  [alertsReport.type]: alertsReport,
  [deviceShiftReport.type]: deviceShiftReport,
  [shiftChartReport.type]: shiftChartReport,
};
