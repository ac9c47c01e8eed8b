import type {
  DeviceOperatorListFilter,
  Choice,
  DEVICE_OPERATOR_SORT_FIELDS,
  DeviceOperator,
  DeviceOperatorDetail,
  FormValue,
  OperatorGroup,
  OperatorWorkTime,
} from '@gearwatch/contracts';
import { groupFigures, trendPercent, WORK_TIME_PERIODS } from '@gearwatch/contracts';
import { dateText } from '../time/calendar.ts';
import { periodToDate, spanText } from '../time/periods.ts';
import { timeZone } from '../time/time-zone.ts';
import {
  DEVICE_OPERATOR_HISTORY_LIMIT,
  ENTITY_MESSAGE_KEYS,
  MAX_OPERATORS_PER_DEVICE,
  MESSAGE_KEYS,
  OPERATOR_GROUP_COLLATION_LOCALE,
  PHONE_PATTERN,
} from '@gearwatch/contracts';
import type { AuthContext } from '../security/context.ts';
import { scopeOf } from '../security/context.ts';
import type { DecodedValues } from '../forms/decode.ts';
import type { FormFields } from '../forms/fields.ts';
import { field } from '../forms/fields.ts';
import { companyChoicesFor, companyField, companyToCheck, linkCompany, linkLabel, newRowCompany } from '../forms/company-scope.ts';
import { idValue, idValues, textValue } from '../forms/values.ts';
import type { FormResource } from '../forms/routes.ts';
import { NO_FAILED_FIELDS } from '../forms/routes.ts';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors.ts';
import type { ListRequest, Page } from '../http/list.ts';
import type { LinkableRow, OperatorGroupRow, OperatorRow, OperatorSortKeys, OperatorWrite, OperatorsRepository } from './repository.ts';
import type { SessionRollupsRepository, WorkTimeSums } from '../rollups/session-rollups-repository.ts';

export type DeviceOperatorSortField = (typeof DEVICE_OPERATOR_SORT_FIELDS)[number];
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

/** Texts in the Polish collation, an absent one after every present one. */
function compareText(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return polish.compare(a, b);
}

const OPERATOR_ORDER: Record<DeviceOperatorSortField, (a: OperatorSortKeys, b: OperatorSortKeys) => number> = {
  id: (a, b) => a.id - b.id,
  name: (a, b) => polish.compare(a.lastname, b.lastname) || polish.compare(a.firstname, b.firstname),
  firstname: (a, b) => polish.compare(a.firstname, b.firstname),
  lastname: (a, b) => polish.compare(a.lastname, b.lastname),
  rfid: (a, b) => compareText(a.rfid, b.rfid),
  group: (a, b) => compareText(a.groupName, b.groupName),
};

/** Operators in the list order: each sort term in turn with the Polish collation, then id for equal keys. */
export function sortOperators(rows: OperatorSortKeys[], request: Pick<ListRequest<DeviceOperatorSortField>, 'sort'>): OperatorSortKeys[] {
  return [...rows].sort((a, b) => {
    for (const term of request.sort) {
      const order = OPERATOR_ORDER[term.field](a, b);
      if (order !== 0) return term.direction === 'asc' ? order : -order;
    }
    return a.id - b.id;
  });
}

/** The resource name of the device-operator form (its token is bound to it). */
export const DEVICE_OPERATOR_RESOURCE = 'deviceoperators';

/**
 * The device-operator form (spec 01 §5 "Device operator"). A super-admin first picks the company of a new
 * operator; the other fields are the same for everyone. Labels are translation keys.
 */
export function deviceOperatorFields(auth: AuthContext, id: number | null): FormFields {
  return {
    ...companyField(auth, id),
    firstname: field('text', 'form.firstname', { required: true, maxLength: 64, icon: 'person' }),
    lastname: field('text', 'form.lastname', { required: true, maxLength: 64, icon: 'person' }),
    email: field('email', 'form.email', { maxLength: 180, icon: 'email' }),
    group: field('entity', 'form.group', { icon: 'group' }),
    position: field('text', 'form.position', { maxLength: 128 }),
    rfid: field('text', 'form.rfid', { changeToUpperCase: true, maxLength: 64, icon: 'rfid' }),
    phone: field('text', 'form.phone', { icon: 'phone' }),
    supervisor: field('text', 'form.supervisor', { icon: 'person' }),
    companyName: field('text', 'form.company-name'),
    devices: field('entity', 'form.devices', { multiple: true, icon: 'device' }),
  };
}

const UNIQUE_VIOLATION = '23505';

function isRfidUniqueViolation(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return code === UNIQUE_VIOLATION && (constraint === 'operators_rfid_key' || (typeof message === 'string' && message.includes('operators_rfid_key')));
}

/** A search PostgreSQL cannot compare (text with NUL) is bad input, not a server error. */
function checkSearch(search: string | undefined): void {
  if (search?.includes('\u0000')) throw ValidationError.field('search', MESSAGE_KEYS.incorrect);
}

/**
 * Device operators: the list the monitors and the management screen read, one operator with its devices and card
 * sessions, the form (create and update, each in one transaction) and delete; operator groups as the monitors pick
 * them.
 */
export class OperatorsService implements FormResource {
  constructor(
    private readonly repository: OperatorsRepository,
    private readonly sessionRollups: SessionRollupsRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Filter `group`: an operator group's id. */
  async listOperators(auth: AuthContext, request: ListRequest<DeviceOperatorSortField, DeviceOperatorListFilter>): Promise<Page<DeviceOperator>> {
    checkSearch(request.search);
    const groupId = request.filter.group;
    const all = sortOperators(await this.repository.listKeys(scopeOf(auth), request.search, groupId), request);
    const page = request.limit === null ? all : all.slice(request.offset, request.offset + request.limit);
    const rows = new Map((await this.repository.byIds(page.map((o) => o.id))).map((row) => [row.id, row]));
    return { total: all.length, entries: page.flatMap((o) => (rows.has(o.id) ? [present(rows.get(o.id)!)] : [])) };
  }

  /** The page's groups with their operators and today's figures (groupFigures), each read once for the page. */
  async listOperatorGroups(auth: AuthContext, request: ListRequest<OperatorGroupSortField>): Promise<Page<OperatorGroup>> {
    checkSearch(request.search);
    const all = sortOperatorGroups(await this.repository.allOperatorGroups(scopeOf(auth), request.search), request);
    const page = request.limit === null ? all : all.slice(request.offset, request.offset + request.limit);
    const ids = page.map((g) => g.id);
    const [members, today] = await Promise.all([this.repository.operatorsOf(ids), this.todayOfGroups(ids)]);
    return {
      total: all.length,
      entries: page.map((g) => {
        const operators = members.filter((m) => m.groupId === g.id).map(({ id }) => ({ id }));
        return {
          id: g.id,
          name: g.name,
          operators,
          operatorCount: operators.length,
          ...groupFigures(today.get(g.id)?.work ?? null, today.get(g.id)?.active ?? null, operators.length),
        };
      }),
    };
  }

  /** Today's work and active sums of each group's operators, by group id (groups without data are absent). */
  async todayOfGroups(groupIds: number[]): Promise<Map<number, WorkTimeSums>> {
    const rows = await this.sessionRollups.operatorGroupsToday(groupIds, new Date(this.now()));
    return new Map(rows.map((row) => [row.groupId, row]));
  }

  /**
   * The operator page's work-time windows: today, this week (from Monday) and this month, each so far and against
   * the previous equal period (periodToDate), in the company's timezone, from the session day rollup in one query.
   */
  async workTime(auth: AuthContext, operatorId: number): Promise<OperatorWorkTime> {
    const row = await this.find(auth, operatorId);
    const zone = timeZone(row.timezone);
    const today = zone.dayOf(this.now());
    const comparisons = WORK_TIME_PERIODS.map((period) => ({ period, ...periodToDate(today, period) }));
    const spans = comparisons.flatMap((c) => [spanText(c.current), spanText(c.previous)]);
    const earliest = Math.min(...comparisons.map((c) => c.previous.from));
    const sums = await this.sessionRollups.operatorSpanSums(row.companyId, row.id, spans, new Date(zone.startOfDay(earliest)));
    const figures = (index: number) => ({ ...spans[index]!, workSeconds: sums[index]?.work ?? null, activeSeconds: sums[index]?.active ?? null });
    return {
      today: dateText(today),
      windows: comparisons.map((c, i) => {
        const current = figures(2 * i);
        const previous = figures(2 * i + 1);
        return {
          period: c.period,
          current,
          previous,
          workTrend: trendPercent(current.workSeconds, previous.workSeconds),
          activeTrend: trendPercent(current.activeSeconds, previous.activeSeconds),
        };
      }),
    };
  }

  /** One operator with the devices it is assigned to and its last card sessions. */
  async get(auth: AuthContext, operatorId: number): Promise<DeviceOperatorDetail> {
    const row = await this.find(auth, operatorId);
    const [devices, sessions] = await Promise.all([
      this.repository.devicesOf(row.id),
      this.repository.sessions(row.companyId, row.id, DEVICE_OPERATOR_HISTORY_LIMIT),
    ]);
    const totals = await this.sessionRollups.sessionTotals(sessions.map((s) => s.id));
    return {
      ...present(row),
      devices,
      history: sessions.map((s) => ({
        device: { id: s.deviceId, name: s.deviceName },
        start: new Date(s.startedAt).toISOString(),
        end: s.endedAt === null ? null : new Date(s.endedAt).toISOString(),
        workSeconds: totals.get(s.id)?.work ?? null,
        activeSeconds: totals.get(s.id)?.active ?? null,
      })),
    };
  }

  /** Deletes an operator assigned to no device (409 naming the devices otherwise); its card sessions stay. */
  async delete(auth: AuthContext, operatorId: number): Promise<void> {
    await this.find(auth, operatorId);
    await this.repository.transaction(async (repository) => {
      // Locked first, so no device can be given the operator between the check and the delete.
      if (!(await repository.lockOperator(operatorId))) throw new NotFoundError();
      const devices = await repository.devicesOf(operatorId);
      if (devices.length > 0) throw new ConflictError(MESSAGE_KEYS.conflict, { devices });
      await repository.delete(operatorId);
    });
  }

  /** Takes the operator off every device it is assigned to (the delete dialog's "unassign"). */
  async unassignDevices(auth: AuthContext, operatorId: number): Promise<void> {
    await this.find(auth, operatorId);
    await this.repository.unassignDevices(operatorId);
  }

  // The form (FormResource): fields, choices and data for the caller; create and update check the resource's rules.

  fields(auth: AuthContext, operatorId: number | null): FormFields {
    return deviceOperatorFields(auth, operatorId);
  }

  async choices(auth: AuthContext, operatorId: number | null): Promise<Record<string, Choice[]>> {
    const companyId = await linkCompany(auth, operatorId, async (rowId) => (await this.repository.find(scopeOf(auth), rowId))?.companyId ?? null);
    const [groups, devices, companies] = await Promise.all([
      this.repository.groupChoices(companyId),
      this.repository.deviceChoices(companyId),
      companyChoicesFor(auth, () => this.repository.companies()),
    ]);
    const choicesOf = (rows: LinkableRow[]) =>
      [...rows]
        .sort(
          (a, b) =>
            (companyId === null ? polish.compare(a.companyName, b.companyName) || a.companyId - b.companyId : 0) ||
            polish.compare(a.name, b.name) ||
            a.id - b.id,
        )
        .map((row) => ({ value: row.id, label: linkLabel(companyId, row) }));
    return { ...companies, group: choicesOf(groups), devices: choicesOf(devices) };
  }

  async data(auth: AuthContext, operatorId: number | null): Promise<Record<string, FormValue>> {
    if (operatorId === null) {
      return {
        ...(auth.isSuperAdmin ? { company: null } : {}),
        firstname: null,
        lastname: null,
        email: null,
        group: null,
        position: null,
        rfid: null,
        phone: null,
        supervisor: null,
        companyName: null,
        devices: [],
      };
    }
    const row = await this.find(auth, operatorId);
    const devices = await this.repository.devicesOf(row.id);
    return {
      ...(auth.isSuperAdmin ? { company: row.companyId } : {}),
      firstname: row.firstname,
      lastname: row.lastname,
      email: row.email,
      group: row.groupId,
      position: row.position,
      rfid: row.rfid,
      phone: row.phone,
      supervisor: row.supervisor,
      companyName: row.companyName,
      devices: devices.map((d) => d.id),
    };
  }

  async create(auth: AuthContext, values: DecodedValues): Promise<number> {
    return this.write(newRowCompany(auth, values), null, values);
  }

  async update(auth: AuthContext, operatorId: number, values: DecodedValues): Promise<void> {
    const row = await this.find(auth, operatorId);
    await this.write(row.companyId, operatorId, values);
  }

  async check(auth: AuthContext, operatorId: number | null, values: DecodedValues, failed: ReadonlySet<string>): Promise<Record<string, string[]>> {
    const companyId = await companyToCheck(auth, operatorId, values, failed, async (rowId) => (await this.find(auth, rowId)).companyId);
    return companyId === null ? {} : operatorRuleErrors(this.repository, companyId, operatorId, values, failed);
  }

  /** Checks the operator's own rules (`operatorRuleErrors`) and stores the row and its devices in one transaction. */
  private async write(companyId: number, operatorId: number | null, values: DecodedValues): Promise<number> {
    const operator = operatorOf(values);
    const deviceIds = idValues(values.devices);
    try {
      return await this.repository.transaction(async (repository) => {
        if (operatorId !== null && !(await repository.lockOperator(operatorId))) throw new NotFoundError();
        const errors = await operatorRuleErrors(repository, companyId, operatorId, values, NO_FAILED_FIELDS);
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const written = operatorId ?? (await repository.insert(companyId, operator));
        if (operatorId !== null) await repository.update(operatorId, operator);
        await repository.replaceDevices(companyId, written, deviceIds);
        return written;
      });
    } catch (error) {
      // Another write took the card between the check and the insert.
      if (isRfidUniqueViolation(error)) throw ValidationError.field('rfid', ENTITY_MESSAGE_KEYS.rfidInUse);
      throw error;
    }
  }

  private async find(auth: AuthContext, operatorId: number): Promise<OperatorRow> {
    const row = await this.repository.find(scopeOf(auth), operatorId);
    if (!row) throw new NotFoundError();
    return row;
  }
}

function operatorOf(values: DecodedValues): OperatorWrite {
  return {
    groupId: idValue(values.group),
    firstname: textValue(values.firstname) ?? '',
    lastname: textValue(values.lastname) ?? '',
    email: textValue(values.email),
    position: textValue(values.position),
    rfid: textValue(values.rfid),
    phone: textValue(values.phone),
    supervisor: textValue(values.supervisor),
    companyName: textValue(values.companyName),
  };
}

/**
 * The operator's own rules, for the fields not in `failed`: the phone's form, the group and devices being the
 * company's, no device getting more than MAX_OPERATORS_PER_DEVICE operators, and the card being free in the company
 * (any letter case). Inside the write's transaction the devices are locked, so their operator counts hold.
 */
async function operatorRuleErrors(
  repository: OperatorsRepository,
  companyId: number,
  operatorId: number | null,
  values: DecodedValues,
  failed: ReadonlySet<string>,
): Promise<Record<string, string[]>> {
  const operator = operatorOf(values);
  const deviceIds = idValues(values.devices);
  const errors: Record<string, string[]> = {};
  if (operator.phone !== null && !failed.has('phone') && !PHONE_PATTERN.test(operator.phone)) errors.phone = [ENTITY_MESSAGE_KEYS.phone];
  if (operator.groupId !== null && !failed.has('group')) {
    const [group] = await repository.groupCompanies([operator.groupId]);
    if (group?.companyId !== companyId) errors.group = [MESSAGE_KEYS.incorrect];
  }
  if (!failed.has('devices')) {
    const devices = await repository.lockDevices(deviceIds);
    if (devices.length !== deviceIds.length || devices.some((d) => d.companyId !== companyId)) errors.devices = [MESSAGE_KEYS.incorrect];
    else if ((await repository.operatorCounts(deviceIds, operatorId)).some((d) => d.count + 1 > MAX_OPERATORS_PER_DEVICE))
      errors.devices = [ENTITY_MESSAGE_KEYS.tooManyOperators];
  }
  if (operator.rfid !== null && !failed.has('rfid') && (await repository.rfidTaken(companyId, operator.rfid, operatorId)))
    errors.rfid = [ENTITY_MESSAGE_KEYS.rfidInUse];
  return errors;
}

function present(o: OperatorRow): DeviceOperator {
  return {
    id: o.id,
    name: `${o.firstname} ${o.lastname}`.trim(),
    firstname: o.firstname,
    lastname: o.lastname,
    email: o.email,
    group: o.groupId === null ? null : { id: o.groupId, name: o.groupName ?? '' },
    position: o.position,
    rfid: o.rfid,
    phone: o.phone,
    supervisor: o.supervisor,
    companyName: o.companyName,
    deviceCount: o.deviceCount,
  };
}
