import { operatorGroupSchema } from '@gearwatch/contracts';
import type { OperatorGroup } from '@gearwatch/contracts';
import type { EntityColumn } from '../../../components/list/entity-column.ts';
import { managePaths, RESOURCES } from '../api/keys.ts';
import { ManageList } from './ManageList.tsx';

const parseGroup = (entry: unknown) => operatorGroupSchema.parse(entry);

const columns: EntityColumn<OperatorGroup>[] = [{ key: 'operators', header: 'manage.column.operator-count', align: 'right', cell: (row) => row.operatorCount }];

/**
 * /manage/device-operator-groups (spec 01 §2): each operator group with its number of operators; add, edit, delete
 * (refused while it has operators, which the dialog offers to unassign).
 */
export function OperatorGroupsPage() {
  return (
    <ManageList<OperatorGroup>
      plural={RESOURCES.operatorGroups}
      nameHeader="manage.column.name"
      columns={columns}
      parse={parseGroup}
      detailPath={managePaths.operatorGroup}
      texts={{ add: 'manage.operator-groups.add', edit: 'manage.operator-groups.edit', emptyTitle: 'manage.operator-groups.empty.title', emptyMessage: 'manage.operator-groups.empty.message' }}
    />
  );
}
