import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceOperatorSchema } from '@gearwatch/contracts';
import type { DeviceOperator, DeviceOperatorListFilter } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { useOperatorGroupOptions } from '../../../api/model-lists.ts';
import { FilterSelect, filterId, modelOptions } from '../../../components/list/FilterSelect.tsx';
import { ManageList } from './ManageList.tsx';

const parseOperator = (entry: unknown) => deviceOperatorSchema.parse(entry);
const orDash = (text: string | null) => text || '—';

const columns: EntityColumn<DeviceOperator>[] = [
  { key: 'rfid', header: 'manage.column.rfid', sortField: 'rfid', cell: (row) => orDash(row.rfid) },
  { key: 'group', header: 'manage.column.group', sortField: 'group', cell: (row) => orDash(row.group?.name ?? null) },
  { key: 'position', header: 'manage.column.position', cell: (row) => orDash(row.position) },
  { key: 'phone', header: 'manage.column.phone', cell: (row) => orDash(row.phone) },
  { key: 'email', header: 'manage.column.email', cell: (row) => orDash(row.email) },
  { key: 'devices', header: 'manage.column.device-count', align: 'right', cell: (row) => row.deviceCount },
];

/**
 * /manage/device-operators (spec 01 §2, spec 02 "Operators"): name, RFID card, group, position, phone, e-mail and
 * the number of devices; search (names, e-mail, RFID), an operator-group filter; add, edit, delete (refused while
 * the operator is assigned to devices, which the dialog offers to unassign).
 */
export function DeviceOperatorsPage() {
  const { t } = useTranslation();
  const [group, setGroup] = useState('');
  const groups = useOperatorGroupOptions();
  const filter = useMemo<DeviceOperatorListFilter>(() => ({ group: filterId(group) }), [group]);
  return (
    <ManageList<DeviceOperator>
      plural={RESOURCES.deviceOperators}
      nameHeader="manage.column.name"
      columns={columns}
      parse={parseOperator}
      detailPath={managePaths.deviceOperator}
      filter={filter}
      texts={{
        add: 'manage.device-operators.add',
        edit: 'manage.device-operators.edit',
        emptyTitle: 'manage.device-operators.empty.title',
        emptyMessage: 'manage.device-operators.empty.message',
      }}
      toolbar={<FilterSelect label={t('manage.filter.operator-group')} value={group} options={modelOptions(groups.data)} onChange={setGroup} />}
    />
  );
}
