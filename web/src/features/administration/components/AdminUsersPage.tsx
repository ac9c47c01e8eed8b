import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, USER_MESSAGE_KEYS, userListEntrySchema } from '@gearwatch/contracts';
import type { UserListEntry, UserListFilter } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { deleteDialogOf, formDialogOf, useEntityDialogs } from '../../../hooks/useEntityDialogs.ts';
import { AddButton } from './AddButton.tsx';
import { BooleanCell } from './BooleanCell.tsx';
import { CompanyFilter } from './CompanyFilter.tsx';
import { filterId } from '../../../components/list/FilterSelect.tsx';
import { ActiveFilter, activeFilter } from './ActiveFilter.tsx';
import { InstantCell } from './InstantCell.tsx';

const parse = (entry: unknown): UserListEntry => userListEntrySchema.parse(entry);

const COLUMNS: readonly EntityColumn<UserListEntry>[] = [
  { key: 'name', header: 'admin.column.name', cell: (row) => row.name, sortField: 'name' },
  { key: 'username', header: 'admin.users.column.username', cell: (row) => row.username },
  { key: 'email', header: 'admin.users.column.email', cell: (row) => row.email, sortField: 'email' },
  { key: 'company', header: 'admin.column.company', cell: (row) => row.company.name },
  { key: 'language', header: 'admin.users.column.language', cell: (row) => LANGUAGE_NATIVE_NAMES[row.language] },
  { key: 'active', header: 'admin.users.column.active', cell: (row) => <BooleanCell value={row.active} />, align: 'center' },
  { key: 'super-admin', header: 'admin.users.column.super-admin', cell: (row) => <BooleanCell value={row.superAdmin === true} />, align: 'center' },
  { key: 'last-login', header: 'admin.users.column.last-login', cell: (row) => <InstantCell value={row.lastLogin} />, sortField: 'lastLogin' },
];

/**
 * /administration/users: the users of every company, with their company and whether they are super-admins, to be
 * narrowed to one company or to the active or inactive ones. A new user is mailed a link to set their password.
 */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser();
  const [company, setCompany] = useState('');
  const [active, setActive] = useState('');
  const dialogs = useEntityDialogs();
  const form = formDialogOf(dialogs);
  const removal = deleteDialogOf(dialogs);
  const filter = useMemo<UserListFilter>(() => ({ company: filterId(company), active: activeFilter(active) }), [company, active]);

  const remove = (row: UserListEntry) => {
    // The server refuses one's own delete with this root error; saying so at once spares a dialog that cannot succeed.
    if (row.id === me.id) notify.error(USER_MESSAGE_KEYS.cannotDeleteSelf);
    else dialogs.remove(row.id, row.name);
  };

  return (
    <>
      <AddButton label={t('admin.users.add')} onClick={dialogs.add} />
      <EntityList<UserListEntry>
        plural="users"
        columns={COLUMNS}
        parse={parse}
        filter={filter}
        defaultSort="name"
        actions={(row) => <RowActions onEdit={() => dialogs.edit(row.id)} onDelete={() => remove(row)} />}
        empty={{ title: t('admin.users.empty') }}
        toolbar={
          <>
            <CompanyFilter value={company} onChange={setCompany} />
            <ActiveFilter value={active} onChange={setActive} />
          </>
        }
      />
      <FormDialog
        open={form.open}
        resource="users"
        id={form.id}
        title={t(form.id === null ? 'admin.users.add' : 'admin.users.edit')}
        onClose={dialogs.close}
        onSaved={form.id === null ? () => enqueueSnackbar(t('users.welcome-mail'), { variant: 'info' }) : undefined}
      />
      {removal ? <DeleteDialog open={removal.open} plural="users" id={removal.id} name={removal.name} onClose={dialogs.close} /> : null}
    </>
  );
}
