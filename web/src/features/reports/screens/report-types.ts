import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import Forklift from '@mui/icons-material/Forklift';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ReportType } from '@gearwatch/contracts';

/** Where the report screens live (spec 01 §2): `/reports` lists them, `/reports/{type}` is one. */
export const REPORTS_PATH = '/reports';
/** The generated files and cyclic configurations; `?new={type}` opens the wizard with the type chosen. */
export const REPORTS_LIST_PATH = '/reports-list';

export function reportPath(type: ReportType): string {
  return `${REPORTS_PATH}/${type}`;
}

/** The wizard prefilled with a type; without one, the wizard opens at its first step. */
export function newReportPath(type?: ReportType): string {
  return `${REPORTS_LIST_PATH}?new=${type ?? '1'}`;
}

export function reportTitleKey(type: ReportType): string {
  return `reports.type.${type}`;
}

export function reportDescriptionKey(type: ReportType): string {
  return `reports.screen.description.${type}`;
}

export const REPORT_ICONS: Record<ReportType, SvgIconComponent> = {
  'efficiency-report': SpeedOutlined,
  'device-operators-report': BadgeOutlined,
  'device-work-details-report': ViewListOutlined,
  'device-work-device-shift': ScheduleOutlined,
  'device-work-shift-chart': BarChartOutlined,
  'production-device-work-matrix': GridOnOutlined,
  'alerts-report': NotificationsOutlined,
  'device-efficiency-report': InsightsOutlined,
  'devices-work-report': Forklift,
  'workers-work-report': EngineeringOutlined,
};
