import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import ShowChart from '@mui/icons-material/ShowChart';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import ListAlt from '@mui/icons-material/ListAlt';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import Factory from '@mui/icons-material/FactoryOutlined';
import Assessment from '@mui/icons-material/AssessmentOutlined';
import FolderOpen from '@mui/icons-material/FolderOpenOutlined';
import Build from '@mui/icons-material/BuildOutlined';
import Forklift from '@mui/icons-material/Forklift';
import Workspaces from '@mui/icons-material/WorkspacesOutlined';
import Badge from '@mui/icons-material/BadgeOutlined';
import Groups from '@mui/icons-material/GroupsOutlined';
import People from '@mui/icons-material/PeopleOutlined';
import SupportAgent from '@mui/icons-material/SupportAgentOutlined';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettingsOutlined';
import Memory from '@mui/icons-material/Memory';
import ManageAccounts from '@mui/icons-material/ManageAccountsOutlined';
import Business from '@mui/icons-material/BusinessOutlined';
import ReceiptLong from '@mui/icons-material/ReceiptLongOutlined';
import Category from '@mui/icons-material/CategoryOutlined';
import Campaign from '@mui/icons-material/CampaignOutlined';
import TaskAlt from '@mui/icons-material/TaskAltOutlined';

/** One entry of the side navigation: a route, or an action such as opening the support dialog. */
export interface NavEntry {
  id: string;
  /** Translation key of the label. */
  label: string;
  icon: SvgIconComponent;
  to?: string;
  action?: 'support';
  /** A live figure beside the label: the number of active alerts (spec 01 §2 alert-level count indicator). */
  indicator?: 'alarm-total';
}

export interface NavGroup {
  id: string;
  /** A group without a label shows its entries at the top level. */
  label?: string;
  icon?: SvgIconComponent;
  entries: NavEntry[];
  superAdminOnly?: boolean;
}

/** The navigation menu of spec 01 §2, in its order. */
export const NAVIGATION: readonly NavGroup[] = [
  {
    id: 'main',
    entries: [
      { id: 'dashboard', label: 'nav.dashboard', icon: DashboardOutlined, to: '/dashboard' },
      { id: 'diagnostics', label: 'nav.monitor', icon: ShowChart, to: '/diagnostics' },
      { id: 'location', label: 'nav.location', icon: PlaceOutlined, to: '/location' },
      { id: 'tasks', label: 'nav.tasks', icon: TaskAlt, to: '/tasks' },
    ],
  },
  {
    id: 'alerts',
    label: 'nav.alerts',
    icon: NotificationsOutlined,
    entries: [
      { id: 'alerts-list', label: 'nav.alerts-list', icon: ListAlt, to: '/alerts/list', indicator: 'alarm-total' },
      { id: 'alert-rules', label: 'nav.alert-rules', icon: RuleOutlined, to: '/alerts/alert-rules' },
    ],
  },
  {
    id: 'production',
    label: 'nav.production',
    icon: PrecisionManufacturing,
    entries: [
      { id: 'work', label: 'nav.work', icon: Factory, to: '/production' },
      { id: 'reports', label: 'nav.reports', icon: Assessment, to: '/reports' },
      { id: 'reports-list', label: 'nav.reports-list', icon: FolderOpen, to: '/reports-list' },
    ],
  },
  {
    id: 'manage',
    label: 'nav.manage',
    icon: Build,
    entries: [
      { id: 'devices', label: 'nav.devices', icon: Forklift, to: '/manage/devices' },
      { id: 'device-groups', label: 'nav.device-groups', icon: Workspaces, to: '/manage/device-groups' },
      { id: 'device-operators', label: 'nav.device-operators', icon: Badge, to: '/manage/device-operators' },
      { id: 'device-operator-groups', label: 'nav.device-operator-groups', icon: Groups, to: '/manage/device-operator-groups' },
      { id: 'users', label: 'nav.users', icon: People, to: '/users' },
    ],
  },
  {
    id: 'help',
    entries: [{ id: 'support', label: 'nav.support', icon: SupportAgent, action: 'support' }],
  },
  {
    id: 'administration',
    label: 'nav.administration',
    icon: AdminPanelSettings,
    superAdminOnly: true,
    entries: [
      { id: 'administration-devices', label: 'nav.admin-devices', icon: Forklift, to: '/administration/devices' },
      { id: 'administration-sensors', label: 'nav.admin-sensors', icon: Memory, to: '/administration/sensors' },
      { id: 'administration-users', label: 'nav.admin-users', icon: ManageAccounts, to: '/administration/users' },
      { id: 'administration-user-groups', label: 'nav.admin-user-groups', icon: Business, to: '/administration/user-groups' },
      { id: 'administration-subscribers', label: 'nav.admin-subscribers', icon: ReceiptLong, to: '/administration/subscribers' },
      { id: 'administration-devices-types', label: 'nav.admin-devices-types', icon: Category, to: '/administration/devices-types' },
      { id: 'administration-announcements', label: 'nav.admin-announcements', icon: Campaign, to: '/administration/announcements' },
    ],
  },
];

/** The groups a user may see: the administration group only for super-admins (spec 01 §6). */
export function visibleNavigation(isSuperAdmin: boolean): NavGroup[] {
  return NAVIGATION.filter((group) => !group.superAdminOnly || isSuperAdmin);
}
