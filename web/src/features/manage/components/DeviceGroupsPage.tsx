import { deviceGroupSchema } from '@gearwatch/contracts';
import type { DeviceGroup } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { AverageTime, Productivity } from './GroupFigures.tsx';
import { ManageList } from './ManageList.tsx';

const parseGroup = (entry: unknown) => deviceGroupSchema.parse(entry);

const columns: EntityColumn<DeviceGroup>[] = [
  { key: 'devices', header: 'manage.column.device-count', sortField: 'deviceCount', align: 'right', cell: (row) => row.deviceCount },
  { key: 'productivity', header: 'manage.column.productivity', align: 'right', cell: (row) => <Productivity value={row.productivity} /> },
  { key: 'activity', header: 'manage.column.activity-average', align: 'right', cell: (row) => <AverageTime seconds={row.activityAverage} /> },
  { key: 'work', header: 'manage.column.work-average', align: 'right', cell: (row) => <AverageTime seconds={row.workAverage} /> },
];

/**
 * /manage/device-groups (spec 01 §2, spec 02 "Groups"): each group with its number of devices and today's
 * productivity, average activity and work per device; add, edit, delete (refused while it holds devices, which the
 * dialog offers to unassign).
 */
export function DeviceGroupsPage() {
  return (
    <ManageList<DeviceGroup>
      plural={RESOURCES.deviceGroups}
      duplicable
      nameHeader="manage.column.name"
      columns={columns}
      parse={parseGroup}
      detailPath={managePaths.deviceGroup}
      texts={{
        add: 'manage.device-groups.add',
        edit: 'manage.device-groups.edit',
        emptyTitle: 'manage.device-groups.empty.title',
        emptyMessage: 'manage.device-groups.empty.message',
      }}
    />
  );
}
