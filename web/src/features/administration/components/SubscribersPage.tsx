import { useTranslation } from 'react-i18next';
import { subscriberSchema } from '@gearwatch/contracts';
import type { Subscriber } from '@gearwatch/contracts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/EntityList.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useEntityDialogs } from '../hooks/useEntityDialogs.ts';
import { AddButton } from './AddButton.tsx';
import { noDependentActions } from './dependents.ts';

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
  const dialogs = useEntityDialogs<Subscriber>();
  return (
    <>
      <AddButton label={t('admin.subscribers.add')} onClick={dialogs.openAdd} />
      <EntityList<Subscriber>
        plural="subscribers"
        columns={COLUMNS}
        parse={parse}
        defaultSort="name"
        actions={(row) => <RowActions onEdit={() => dialogs.openEdit(row.id)} onDelete={() => dialogs.openDelete(row)} />}
        empty={{ title: t('admin.subscribers.empty') }}
      />
      <FormDialog
        open={dialogs.form.open}
        resource="subscribers"
        id={dialogs.form.id}
        title={t(dialogs.form.id === null ? 'admin.subscribers.add' : 'admin.subscribers.edit')}
        onClose={dialogs.closeForm}
      />
      {dialogs.removal.row ? (
        <DeleteDialog
          open={dialogs.removal.open}
          plural="subscribers"
          id={dialogs.removal.row.id}
          name={dialogs.removal.row.name}
          onClose={dialogs.closeDelete}
          actionable={noDependentActions}
        />
      ) : null}
    </>
  );
}
