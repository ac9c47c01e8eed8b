import { operatorGroupSchema } from '@gearwatch/contracts';
import type { OperatorGroup } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { AverageTime, Productivity } from './GroupFigures.tsx';
import { ManageList } from './ManageList.tsx';

const parseGroup = (entry: unknown) => operatorGroupSchema.parse(entry);

const columns: EntityColumn<OperatorGroup>[] = [
  { key: 'operators', header: 'manage.column.operator-count', align: 'right', cell: (row) => row.operatorCount },
  { key: 'productivity', header: 'manage.column.productivity', align: 'right', cell: (row) => <Productivity value={row.productivity} /> },
  { key: 'activity', header: 'manage.column.activity-average', align: 'right', cell: (row) => <AverageTime seconds={row.activityAverage} /> },
  { key: 'work', header: 'manage.column.work-average', align: 'right', cell: (row) => <AverageTime seconds={row.workAverage} /> },
];

/**
 * /manage/device-operator-groups (spec 01 §2, spec 02 "Groups"): each operator group with its number of operators
 * and today's productivity, average activity and work per operator; add, edit, delete (refused while it has
 * operators, which the dialog offers to unassign).
 */
export function OperatorGroupsPage() {
  return (
    <ManageList<OperatorGroup>
      plural={RESOURCES.operatorGroups}
      nameHeader="manage.column.name"
      columns={columns}
      parse={parseGroup}
      detailPath={managePaths.operatorGroup}
      texts={{
        add: 'manage.operator-groups.add',
        edit: 'manage.operator-groups.edit',
        emptyTitle: 'manage.operator-groups.empty.title',
        emptyMessage: 'manage.operator-groups.empty.message',
      }}
    />
  );
}
