import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { alertRowSchema } from '@gearwatch/contracts';
import type { AlertListFilter, AlertRow, AlertStatus } from '@gearwatch/contracts';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { useNotify } from '../../../components/dialogs/useNotify.ts';
import { EntityList } from '../../../components/list/EntityList.tsx';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { useConfirmAlerts } from '../api/alarms.ts';
import { ALERT_RESOURCES, alertPaths } from '../api/keys.ts';
import { alertMessage } from '../../../components/alerts/alert-message.ts';
import { ALERT_PARAM, AlertFromLink } from './AlertDeliveries.tsx';
import { Importance } from './Importance.tsx';
import { describeRule } from '../api/words.ts';

const parseAlert = (entry: unknown) => alertRowSchema.parse(entry);

const STATUS_COLOURS: Record<AlertStatus, 'error' | 'default' | 'success'> = { active: 'error', ended: 'default', confirmed: 'success' };
export const statusKey = (status: string) => `alert.status.${status}`;

/**
 * The tasks screen's new-task form prefilled from a part-replace alert (its device, the rule's name, the type): one
 * click from the alert to the task of replacing the part. A link, so the alerts feature does not reach into tasks.
 */
export function partReplaceTaskLink(row: AlertRow): string {
  const params = new URLSearchParams({ new: '1', device: String(row.device.id), name: row.rule?.name ?? '', type: 'part-replace' });
  return `/tasks?${params.toString()}`;
}

/** A rule's name linking to its page; an archived (deleted) rule is read-only: no link, a marker. */
function RuleCell({ rule }: { rule: AlertRow['rule'] }) {
  const { t } = useTranslation();
  if (!rule) return <>{t('alert.source.requirement')}</>;
  if (rule.archived) {
    return (
      <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'center' }} data-testid="archived-rule">
        {rule.name}
        <Chip size="small" variant="outlined" label={t('alert-rule.archived-marker')} />
      </Box>
    );
  }
  return (
    <Link component={RouterLink} to={alertPaths.rule(rule.id)} underline="hover">
      {rule.name}
    </Link>
  );
}

/**
 * The alert's rule in words as the rule is now, in the reader's language, and under it what the rule's author wrote
 * (issue 32 item 3); a requirement's alert has neither.
 */
function DescriptionCell({ row }: { row: AlertRow }) {
  const { t, i18n } = useTranslation();
  const generated = row.rule ? describeRule(row.rule.type, row.rule.summary, t, i18n.language) : '';
  if (!generated && !row.description) return <>—</>;
  return (
    <Box sx={{ minWidth: 200 }} data-testid="alert-description">
      {generated ? <Box>{generated}</Box> : null}
      {row.description ? (
        <Box sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }} data-testid="alert-own-description">
          {row.description}
        </Box>
      ) : null}
    </Box>
  );
}

export type AlertColumn = 'createdAt' | 'lastAt' | 'endedAt' | 'counter' | 'importance' | 'status' | 'device' | 'rule' | 'message' | 'description';

export interface AlertTableProps {
  /** What the user narrowed the list to (the alert list's filters). */
  filter?: AlertListFilter;
  /** Whose alerts the table is (a rule's, a device's): not a narrowing, so an empty table says there are none. */
  scope?: AlertListFilter;
  /** Columns left out (the device on the device page, the rule on the rule page). */
  hide?: readonly AlertColumn[];
  toolbar?: ReactNode;
  defaultPageSize?: number;
  /** The empty state's title and message when the table's own empty state is not the alert list's. */
  empty?: { title: string; message: string };
}

/**
 * The alert table (spec 01 §2 /alerts/list): creation, last occurrence, end, counter, importance, status, device,
 * rule, message and description, sorted and paged by the list protocol; each unconfirmed alert can be confirmed.
 */
export function AlertTable({ filter, scope, hide = [], toolbar, defaultPageSize, empty }: AlertTableProps) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const confirm = useConfirmAlerts();
  const notify = useNotify();
  const [, setParams] = useSearchParams();
  // The alert over the table with its deliveries (AlertFromLink), as a notification's link opens it.
  const openDetails = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(ALERT_PARAM, String(id));
      return next;
    });
  // Laid out by content (issue 32 item 9): times, counter, importance and status keep to one line at their own width;
  // the rule, message and description get the rest, each with a readable least width, rather than equal shares.
  const time = (iso: string | null) => <Box sx={{ whiteSpace: 'nowrap' }}>{iso ? formatDateTime(iso, dateFormat) : '—'}</Box>;

  const columns: EntityColumn<AlertRow>[] = [
    { key: 'createdAt', header: 'alert.column.created', sortField: 'createdAt', cell: (row) => time(row.createdAt) },
    { key: 'lastAt', header: 'alert.column.last', sortField: 'lastAt', cell: (row) => time(row.lastAt) },
    { key: 'endedAt', header: 'alert.column.ended', sortField: 'endedAt', cell: (row) => time(row.endedAt) },
    { key: 'counter', header: 'alert.column.counter', sortField: 'counter', align: 'right', width: 1, cell: (row) => row.counter },
    { key: 'importance', header: 'alert.column.importance', sortField: 'importance', cell: (row) => <Importance importance={row.importance} /> },
    {
      key: 'status',
      header: 'alert.column.status',
      sortField: 'status',
      cell: (row) => (
        <Chip size="small" color={STATUS_COLOURS[row.status]} variant={row.status === 'active' ? 'filled' : 'outlined'} label={t(statusKey(row.status))} />
      ),
    },
    {
      key: 'device',
      header: 'alert.column.device',
      sortField: 'device',
      cell: (row) => (
        <Link component={RouterLink} to={alertPaths.device(row.device.id)} underline="hover" sx={{ display: 'inline-block', minWidth: 80 }}>
          {row.device.name}
        </Link>
      ),
    },
    {
      key: 'rule',
      header: 'alert.column.rule',
      sortField: 'rule',
      cell: (row) => (
        <Box sx={{ minWidth: 150 }}>
          <RuleCell rule={row.rule} />
        </Box>
      ),
    },
    // The texts keep a readable width: a narrow window's table scrolls sideways rather than squeeze them.
    { key: 'message', header: 'alert.column.message', cell: (row) => <Box sx={{ minWidth: 220 }}>{alertMessage(row.message, t, dateFormat)}</Box> },
    { key: 'description', header: 'alert.column.description', cell: (row) => <DescriptionCell row={row} /> },
  ];

  const confirmOne = (row: AlertRow) =>
    confirm.mutate(
      { ids: [row.id] },
      { onSuccess: () => notify.success('alert.confirmed', { count: 1 }), onError: (error) => notify.failure(error, 'alert.confirm-failed') },
    );

  return (
    <>
      <EntityList<AlertRow>
        plural={ALERT_RESOURCES.alerts}
        columns={columns.filter((column) => !hide.includes(column.key as AlertColumn))}
        parse={parseAlert}
        filter={filter}
        scope={scope}
        defaultSort="-createdAt"
        defaultPageSize={defaultPageSize}
        searchable={false}
        toolbar={toolbar}
        empty={empty ?? { title: t('alert.empty.title'), message: t('alert.empty.message') }}
        actions={(row) => (
          <>
            <Tooltip title={t('alert.deliveries.open')}>
              <IconButton size="small" aria-label={t('alert.deliveries.open')} data-testid="alert-deliveries-open" onClick={() => openDetails(row.id)}>
                <MarkEmailReadOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {row.rule?.type === 'part-replace' ? (
              <Tooltip title={t('alert.create-task')}>
                <IconButton
                  component={RouterLink}
                  to={partReplaceTaskLink(row)}
                  size="small"
                  aria-label={t('alert.create-task')}
                  data-testid="alert-create-task"
                >
                  <AssignmentOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            {row.status === 'confirmed' ? null : (
              <Tooltip title={t('alert.confirm')}>
                <IconButton
                  size="small"
                  aria-label={t('alert.confirm')}
                  data-testid="alert-confirm"
                  disabled={confirm.isPending}
                  onClick={() => confirmOne(row)}
                >
                  <CheckCircleOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
      />
      <AlertFromLink />
    </>
  );
}
