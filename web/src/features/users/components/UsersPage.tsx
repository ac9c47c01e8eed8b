import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_MESSAGE_KEYS, userListEntrySchema } from '@gearwatch/contracts';
import type { UserListEntry, UserListFilter } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { PageActions } from '../../../components/PageActions.tsx';
import { DeleteDialog } from '../../../components/dialogs/DeleteDialog.tsx';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { FormDialog } from '../../../components/forms/FormDialog.tsx';
import { EntityList } from '../../../components/list/EntityList.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { useUserColumns } from './UserColumns.tsx';

const parse = (entry: unknown): UserListEntry => userListEntrySchema.parse(entry);

/**
 * /users (spec 01 §2): the users of the signed-in user's company, searchable and sortable, with add, edit and delete
 * through the server's `users` form. A new active user is mailed a link to set their password; nobody deletes
 * themselves.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser();
  const columns = useUserColumns(me.id);
  // A super-admin's list would hold every company's users: this page is about one's own company.
  const filter = useMemo<UserListFilter>(() => ({ company: me.owner.id }), [me.owner.id]);
  const [form, setForm] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [removal, setRemoval] = useState<{ open: boolean; row: UserListEntry | null }>({ open: false, row: null });

  const add = () => setForm({ open: true, id: null });
  const remove = (row: UserListEntry) => {
    // The server refuses one's own delete with this root error; saying so at once spares a dialog that cannot succeed.
    if (row.id === me.id) notify.error(USER_MESSAGE_KEYS.cannotDeleteSelf);
    else setRemoval({ open: true, row });
  };

  return (
    <>
      <PageActions>
        <Button variant="contained" size="small" startIcon={<AddOutlined />} onClick={add}>
          {t('users.add')}
        </Button>
      </PageActions>
      <EntityList<UserListEntry>
        plural="users"
        columns={columns}
        parse={parse}
        filter={filter}
        defaultSort="name"
        actions={(row) => <RowActions onEdit={() => setForm({ open: true, id: row.id })} onDelete={() => remove(row)} />}
        empty={{ title: t('users.empty') }}
      />
      <FormDialog
        open={form.open}
        resource="users"
        id={form.id}
        title={t(form.id === null ? 'users.add' : 'users.edit')}
        // Kept while closing, so the title does not change during the closing animation.
        onClose={() => setForm((current) => ({ ...current, open: false }))}
        onSaved={form.id === null ? () => enqueueSnackbar(t('users.welcome-mail'), { variant: 'info' }) : undefined}
      />
      {removal.row ? (
        <DeleteDialog
          open={removal.open}
          plural="users"
          id={removal.row.id}
          name={removal.row.name}
          onClose={() => setRemoval((current) => ({ ...current, open: false }))}
        />
      ) : null}
    </>
  );
}
