import type { ReportType } from '@gearwatch/contracts';
import { NotFoundError } from '../../http/errors.ts';
import type { ReportBuilder } from '../model.ts';
import { deviceEfficiencyReport } from './device-efficiency.ts';
import { devicesWorkReport } from './devices-work.ts';
import { efficiencyReport } from './efficiency.ts';
import { workDetailsReport } from './work-details.ts';
import { workMatrixReport } from './work-matrix.ts';

/**
 * Every report type's builder: the screen's data call and the file generation both find the builder here, so a
 * type's numbers are computed by one piece of code. The device reports are here; the operator, alert and shift
 * builders join them (their map is spread in below when the branches meet), and then the map is total.
 */
const DEVICE_BUILDERS = {
  'efficiency-report': efficiencyReport,
  'device-efficiency-report': deviceEfficiencyReport,
  'devices-work-report': devicesWorkReport,
  'device-work-details-report': workDetailsReport,
  'production-device-work-matrix': workMatrixReport,
} satisfies Partial<Record<ReportType, ReportBuilder>>;

export const REPORT_BUILDERS: Partial<Record<ReportType, ReportBuilder>> = { ...DEVICE_BUILDERS };

/** The builder of a type; a type without one (not built yet) is a 404 rather than a 500. */
export function reportBuilderOf(type: ReportType): ReportBuilder {
  const builder = REPORT_BUILDERS[type];
  if (!builder) throw new NotFoundError();
  return builder;
}
