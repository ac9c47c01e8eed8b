import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { companySchema } from '@gearwatch/contracts';
import type { Company } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { BooleanCell } from './BooleanCell.tsx';
import { EditableListPage } from './EditableListPage.tsx';

const parse = (entry: unknown): Company => companySchema.parse(entry);

const COLUMNS: readonly EntityColumn<Company>[] = [
  { key: 'name', header: 'admin.column.name', cell: (row) => row.name, sortField: 'name' },
  { key: 'subscriber', header: 'admin.user-groups.column.subscriber', cell: (row) => row.subscriber?.name ?? '—' },
  { key: 'timezone', header: 'admin.user-groups.column.timezone', cell: (row) => row.timezone },
  { key: 'subscription', header: 'admin.user-groups.column.subscription-type', cell: (row) => <SubscriptionType type={row.subscriptionType} /> },
  {
    key: 'registration',
    header: 'admin.user-groups.column.automatic-operator-registration',
    cell: (row) => <BooleanCell value={row.automaticOperatorRegistration} />,
    align: 'center',
  },
  { key: 'users', header: 'admin.user-groups.column.users', cell: (row) => row.userCount, align: 'right' },
  { key: 'devices', header: 'admin.user-groups.column.devices', cell: (row) => row.deviceCount, align: 'right' },
];

function SubscriptionType({ type }: { type: Company['subscriptionType'] }) {
  const { t } = useTranslation();
  return <Typography variant="body2">{t(`company.subscription-type.${type}`)}</Typography>;
}

/**
 * /administration/user-groups: the companies (the administration's "user groups") with their subscriber, timezone,
 * subscription and how many users and devices they have. A company with users, devices or modules cannot be
 * deleted; the server has no call to move them, so the dialog only names them.
 */
export function UserGroupsPage() {
  const { t } = useTranslation();
  const texts = { add: t('admin.user-groups.add'), edit: t('admin.user-groups.edit'), empty: t('admin.user-groups.empty') };
  return <EditableListPage<Company> plural="companies" columns={COLUMNS} parse={parse} texts={texts} />;
}
