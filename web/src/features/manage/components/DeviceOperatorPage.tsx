import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DEVICE_OPERATOR_HISTORY_LIMIT } from '@gearwatch/contracts';
import type { DeviceOperatorSession } from '@gearwatch/contracts';
import { formatDateTime, formatDuration } from '../../../components/dates/format.ts';
import { useDeviceOperator } from '../api/groups.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { useDeviceOperatorOptions } from '../../../api/model-lists.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { useRowId } from '../hooks/useRowId.ts';
import { DetailHeader, Fact } from './DetailHeader.tsx';
import { DetailState } from './DetailState.tsx';
import { LinkedRows } from './LinkedRows.tsx';
import { NotFound } from './NotFound.tsx';
import { OperatorWorkTime } from './OperatorWorkTime.tsx';
import { Section } from '../../../components/Section.tsx';
import { SimpleTable } from './SimpleTable.tsx';
import type { SimpleColumn } from './SimpleTable.tsx';

const seconds = (value: number | null) => (value === null ? '—' : formatDuration(value));

/**
 * /manage/device-operator/:id (spec 01 §2, spec 02 "Operators"): the operator's details (RFID card, group, position,
 * phone, e-mail, supervisor, company name) with the redirect selector, Edit and Delete; its work-time windows (today,
 * this week, this month against the previous); the devices assigned; the history of its last card sessions (device,
 * start, end, work, active).
 */
export function DeviceOperatorPage() {
  const id = useRowId();
  return id === null ? <NotFound listPath={managePaths.deviceOperators} /> : <DeviceOperatorDetail id={id} />;
}

function DeviceOperatorDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const operator = useDeviceOperator(id);
  const operators = useDeviceOperatorOptions();
  const options = useMemo(() => (operators.data ?? []).map(({ id: value, name }) => ({ id: value, name })), [operators.data]);
  if (!operator.data) return <DetailState query={operator} listPath={managePaths.deviceOperators} />;
  const row = operator.data;
  const time = (iso: string | null) => formatDateTime(iso, dateFormat);
  const columns: SimpleColumn<DeviceOperatorSession>[] = [
    {
      key: 'device',
      header: 'manage.history.column.device',
      cell: (session) => (
        <Link component={RouterLink} to={managePaths.device(session.device.id)} underline="hover">
          {session.device.name}
        </Link>
      ),
    },
    { key: 'start', header: 'manage.history.column.start', nowrap: true, cell: (session) => time(session.start) },
    { key: 'end', header: 'manage.history.column.end', nowrap: true, cell: (session) => (session.end ? time(session.end) : t('manage.sessions.ongoing')) },
    { key: 'work', header: 'manage.history.column.work', align: 'right', cell: (session) => seconds(session.workSeconds) },
    { key: 'active', header: 'manage.history.column.active', align: 'right', cell: (session) => seconds(session.activeSeconds) },
  ];
  const facts: [string, string | null][] = [
    ['form.rfid', row.rfid],
    ['form.group', row.group?.name ?? null],
    ['form.position', row.position],
    ['form.phone', row.phone],
    ['form.email', row.email],
    ['form.supervisor', row.supervisor],
    ['form.company-name', row.companyName],
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DetailHeader
        plural={RESOURCES.deviceOperators}
        id={id}
        name={row.name}
        options={options}
        switchLabel="manage.device-operator.switch"
        editTitle="manage.device-operators.edit"
        listPath={managePaths.deviceOperators}
      >
        <Box data-testid="operator-facts">
          {facts.map(([label, value]) => (
            <Fact key={label} label={t(label)}>
              {value || '—'}
            </Fact>
          ))}
        </Box>
      </DetailHeader>
      <OperatorWorkTime id={id} />
      <Section title={t('manage.device-operator.devices')} testId="operator-devices">
        <LinkedRows rows={row.devices} path={managePaths.device} empty={t('manage.device-operator.no-devices')} testId="operator-device-links" />
      </Section>
      <Section title={t('manage.device-operator.history')} testId="operator-history">
        <SimpleTable
          columns={columns}
          rows={row.history}
          rowKey={(session, index) => `${session.device.id}-${session.start}-${index}`}
          empty={t('manage.device-operator.no-history')}
          testId="history-table"
        />
        {row.history.length >= DEVICE_OPERATOR_HISTORY_LIMIT ? (
          <Box sx={{ px: 2, py: 1, color: 'text.secondary', typography: 'caption' }}>
            {t('manage.device-operator.history-limit', { limit: DEVICE_OPERATOR_HISTORY_LIMIT })}
          </Box>
        ) : null}
      </Section>
    </Box>
  );
}
