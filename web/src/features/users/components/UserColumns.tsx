import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES } from '@gearwatch/contracts';
import type { UserListEntry } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { formatDateTime, formatRelativeTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';

function NameCell({ row, isMe }: { row: UserListEntry; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{row.name}</span>
      {isMe ? <Chip size="small" label={t('users.you')} /> : null}
    </Stack>
  );
}

function ActiveCell({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const label = t(active ? 'status.active' : 'status.inactive');
  return active ? (
    <CheckCircleOutlined fontSize="small" color="success" titleAccess={label} />
  ) : (
    <RemoveCircleOutlineOutlined fontSize="small" sx={{ color: 'grey.500' }} titleAccess={label} />
  );
}

function LastLoginCell({ value }: { value: string | null }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  if (value === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('users.never-signed-in')}
      </Typography>
    );
  }
  return (
    <Tooltip title={formatRelativeTime(value, Date.now(), dateFormat)}>
      <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(value, dateFormat)}
      </Typography>
    </Tooltip>
  );
}

/** The columns of the users list; the signed-in user's own row is marked. */
export function useUserColumns(myId: number): EntityColumn<UserListEntry>[] {
  return useMemo(
    () => [
      { key: 'name', header: 'users.column.name', cell: (row) => <NameCell row={row} isMe={row.id === myId} />, sortField: 'name' },
      { key: 'username', header: 'users.column.username', cell: (row) => row.username },
      { key: 'email', header: 'users.column.email', cell: (row) => row.email, sortField: 'email' },
      { key: 'language', header: 'users.column.language', cell: (row) => LANGUAGE_NATIVE_NAMES[row.language] },
      { key: 'active', header: 'users.column.active', cell: (row) => <ActiveCell active={row.active} />, align: 'center' },
      { key: 'last-login', header: 'users.column.last-login', cell: (row) => <LastLoginCell value={row.lastLogin} />, sortField: 'lastLogin' },
    ],
    [myId],
  );
}
