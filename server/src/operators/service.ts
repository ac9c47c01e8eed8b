import { OPERATOR_GROUP_COLLATION_LOCALE } from '@gearwatch/contracts';
import type { DeviceOperatorGroupListEntry, DeviceOperatorListEntry } from '@gearwatch/contracts';
import type { AuthContext } from '../auth/context.ts';
import { scopeOf } from '../auth/context.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { DeviceOperatorSortField, OperatorGroupRow, OperatorsRepository } from './repository.ts';

export type OperatorGroupSortField = 'id' | 'name';

const polish = new Intl.Collator(OPERATOR_GROUP_COLLATION_LOCALE, { sensitivity: 'variant', numeric: true });

/** Operator groups in the list order: Polish collation by name (spec 02 §7), then id for equal names. */
export function sortOperatorGroups(groups: OperatorGroupRow[], request: Pick<ListRequest<OperatorGroupSortField>, 'sort'>): OperatorGroupRow[] {
  return [...groups].sort((a, b) => {
    for (const term of request.sort) {
      const order = term.field === 'id' ? a.id - b.id : polish.compare(a.name, b.name);
      if (order !== 0) return term.direction === 'asc' ? order : -order;
    }
    return a.id - b.id;
  });
}

/** Device operators and operator groups as the monitors pick them. */
export class OperatorsService {
  constructor(private readonly repository: OperatorsRepository) {}

  async listOperators(auth: AuthContext, request: ListRequest<DeviceOperatorSortField>): Promise<Page<DeviceOperatorListEntry>> {
    const page = await this.repository.listOperators(scopeOf(auth), request);
    return {
      total: page.total,
      entries: page.entries.map((o) => ({
        id: o.id,
        name: `${o.firstname} ${o.lastname}`.trim(),
        firstname: o.firstname,
        lastname: o.lastname,
        rfid: o.rfid,
        group: o.groupId === null ? null : { id: o.groupId, name: o.groupName ?? '' },
      })),
    };
  }

  async listOperatorGroups(auth: AuthContext, request: ListRequest<OperatorGroupSortField>): Promise<Page<DeviceOperatorGroupListEntry>> {
    const all = sortOperatorGroups(await this.repository.allOperatorGroups(scopeOf(auth), request.search), request);
    const page = request.limit === null ? all : all.slice(request.offset, request.offset + request.limit);
    const members = await this.repository.operatorsOf(page.map((g) => g.id));
    return {
      total: all.length,
      entries: page.map((g) => ({ id: g.id, name: g.name, operators: members.filter((m) => m.groupId === g.id).map(({ id }) => ({ id })) })),
    };
  }
}
