import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import type { ReactElement } from 'react';
import type { MonitorKind } from '@gearwatch/contracts';

/** The icon of each monitor kind on the add tiles. */
export const MONITOR_ICONS: Record<MonitorKind, () => ReactElement> = {
  'device-parameter': () => <ShowChartOutlined fontSize="inherit" />,
  'device-operator': () => <EngineeringOutlined fontSize="inherit" />,
  'work-activity': () => <BarChartOutlined fontSize="inherit" />,
  'work-activity-shift': () => <ScheduleOutlined fontSize="inherit" />,
  efficiency: () => <SpeedOutlined fontSize="inherit" />,
  geo: () => <PlaceOutlined fontSize="inherit" />,
  async: () => <TableChartOutlined fontSize="inherit" />,
  'activity-summary': () => <SummarizeOutlined fontSize="inherit" />,
  'efficiency-summary': () => <InsightsOutlined fontSize="inherit" />,
  'operator-summary': () => <BadgeOutlined fontSize="inherit" />,
  'shift-work-summary': () => <WorkHistoryOutlined fontSize="inherit" />,
  'devices-with-alerts': () => <ReportProblemOutlined fontSize="inherit" />,
  'devices-summary': () => <DevicesOutlined fontSize="inherit" />,
  'newest-alerts': () => <NotificationsActiveOutlined fontSize="inherit" />,
  'newest-tasks': () => <TaskAltOutlined fontSize="inherit" />,
  'hourly-work-distribution': () => <AccessTimeOutlined fontSize="inherit" />,
};
