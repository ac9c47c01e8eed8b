import { useTranslation } from 'react-i18next';
import { subscriberSchema } from '@gearwatch/contracts';
import type { Subscriber } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { EditableListPage } from './EditableListPage.tsx';

const parse = (entry: unknown): Subscriber => subscriberSchema.parse(entry);

const COLUMNS: readonly EntityColumn<Subscriber>[] = [
  { key: 'name', header: 'admin.column.name', cell: (row) => row.name, sortField: 'name' },
  { key: 'tax-number', header: 'admin.subscribers.column.tax-number', cell: (row) => row.taxNumber ?? '—' },
  { key: 'city', header: 'admin.subscribers.column.city', cell: (row) => row.city ?? '—' },
  { key: 'email', header: 'admin.subscribers.column.email', cell: (row) => row.email ?? '—' },
  { key: 'companies', header: 'admin.subscribers.column.companies', cell: (row) => row.companyCount, align: 'right' },
];

/**
 * /administration/subscribers: the billing parties with how many companies each has. One still billed for a
 * company cannot be deleted; the server has no call to detach them, so the dialog only names the companies.
 */
export function SubscribersPage() {
  const { t } = useTranslation();
  const texts = { add: t('admin.subscribers.add'), edit: t('admin.subscribers.edit'), empty: t('admin.subscribers.empty') };
  return <EditableListPage<Subscriber> plural="subscribers" columns={COLUMNS} parse={parse} texts={texts} />;
}
