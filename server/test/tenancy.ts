import type { TestContext } from './context.ts';
import type { TestCompany, TestUser } from './fixtures.ts';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import { createDevice, createUser } from './fixtures.ts';
import { createDeviceGroup, createOperator, createOperatorGroup } from './telemetry-fixtures.ts';
import { createRule, insertAlert } from './alert-api-fixtures.ts';
import { insertProductionView } from './production-views-fixtures.ts';
import { createView } from './production-live-fixtures.ts';
import { insertTask } from './task-fixtures.ts';

/**
 * The tenant-isolation harness. Each entry creates rows owned by one company and names the requests that reach
 * them; tenancy.api.test.ts then checks that the owner gets an answer and a user of another company gets 404.
 * Every route with a path parameter must be covered here or listed in TENANCY_EXEMPT with the reason, and the
 * test fails when a new route is neither, so each issue that adds routes extends this file.
 */
export interface TenantRequest {
  /** The route pattern as registered, e.g. 'GET /api/devices/:id'. */
  route: string;
  url: string;
  payload?: unknown;
}

export type TenantCaseFactory = (ctx: TestContext, owner: { company: TestCompany; user: TestUser }) => Promise<TenantRequest[]>;

export const TENANT_CASES: Record<string, TenantCaseFactory> = {
  async devices(ctx, owner) {
    const device = await createDevice(ctx.database.db, owner.company.id);
    const doomed = await createDevice(ctx.database.db, owner.company.id);
    const token = ctx.services.formTokens.issue({ userId: owner.user.id, resource: 'devices', id: device.id });
    // A card session, so the device's operator history has a row to answer with.
    await ctx.database.db
      .insertInto('operator_sessions')
      .values({ company_id: owner.company.id, device_id: device.id, rfid: 'TENANCY1', started_at: new Date() })
      .execute();
    return [
      { route: 'GET /api/devices/:id', url: `/api/devices/${device.id}` },
      { route: 'GET /api/devices/:id/edit', url: `/api/devices/${device.id}/edit` },
      {
        route: 'PUT /api/devices/:id',
        url: `/api/devices/${device.id}`,
        payload: { token, name: 'Renamed', deviceType: device.deviceTypeId, status: 'operational' },
      },
      { route: 'DELETE /api/devices/:id/sensors', url: `/api/devices/${device.id}/sensors` },
      { route: 'GET /api/devices/:id/status', url: `/api/devices/${device.id}/status` },
      { route: 'GET /api/devices/:id/readings/current', url: `/api/devices/${device.id}/readings/current` },
      { route: 'GET /api/devices/:id/operator-sessions', url: `/api/devices/${device.id}/operator-sessions` },
      { route: 'GET /api/devices/:id/battery-cycles', url: `/api/devices/${device.id}/battery-cycles?from=2026-01-01&to=2026-01-31` },
      { route: 'DELETE /api/devices/:id', url: `/api/devices/${doomed.id}` },
      { route: 'POST /api/devices/:id/duplicate', url: `/api/devices/${device.id}/duplicate`, payload: {} },
    ];
  },
  // Tasks: read, form, update, status; the delete takes a second task, so the reads stay answerable.
  async tasks(ctx, owner) {
    const db = ctx.database.db;
    const device = await createDevice(db, owner.company.id);
    const task = await insertTask(db, owner.company.id, { name: 'Tenancy task', assigneeId: owner.user.id, devices: [device.id] });
    const doomed = await insertTask(db, owner.company.id, { name: 'Doomed task' });
    const token = ctx.services.formTokens.issue({ userId: owner.user.id, resource: 'tasks', id: task });
    return [
      { route: 'GET /api/tasks/:id', url: `/api/tasks/${task}` },
      { route: 'GET /api/tasks/:id/edit', url: `/api/tasks/${task}/edit` },
      { route: 'PUT /api/tasks/:id', url: `/api/tasks/${task}`, payload: { token, name: 'Tenancy task', type: 'repair', devices: [device.id] } },
      { route: 'PATCH /api/tasks/:id/status', url: `/api/tasks/${task}/status`, payload: { status: 'open' } },
      { route: 'DELETE /api/tasks/:id', url: `/api/tasks/${doomed}` },
    ];
  },
  async impersonation(ctx, owner) {
    const colleague = await createUser(ctx.database.db, owner.company.id);
    return [{ route: 'GET /api/impersonate/:userId', url: `/api/impersonate/${colleague.id}?client_id=${DEFAULT_WEB_CLIENT.clientId}` }];
  },
  // Device operators: read, form, update, unassign; the delete takes a second operator, so the reads stay answerable.
  async deviceoperators(ctx, owner) {
    const db = ctx.database.db;
    const device = await createDevice(db, owner.company.id);
    const operator = await createOperator(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Reader' });
    await db.insertInto('device_operators').values({ company_id: owner.company.id, device_id: device.id, operator_id: operator }).execute();
    const doomed = await createOperator(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Deleted' });
    const token = ctx.services.formTokens.issue({ userId: owner.user.id, resource: 'deviceoperators', id: operator });
    return [
      { route: 'GET /api/deviceoperators/:id', url: `/api/deviceoperators/${operator}` },
      { route: 'GET /api/deviceoperators/:id/edit', url: `/api/deviceoperators/${operator}/edit` },
      { route: 'GET /api/deviceoperators/:id/work-time', url: `/api/deviceoperators/${operator}/work-time` },
      {
        route: 'PUT /api/deviceoperators/:id',
        url: `/api/deviceoperators/${operator}`,
        payload: { token, firstname: 'Tenancy', lastname: 'Reader', devices: [device.id] },
      },
      { route: 'DELETE /api/deviceoperators/:id/devices', url: `/api/deviceoperators/${doomed}/devices` },
      { route: 'DELETE /api/deviceoperators/:id', url: `/api/deviceoperators/${doomed}` },
    ];
  },
  // The alert rule preview (the rule's own routes are the rules API's).
  async alertpreview(ctx, owner) {
    const rule = await ctx.database.db
      .insertInto('alert_rules')
      .values({ company_id: owner.company.id, name: 'Tenancy rule', type: 'authentication', importance: 'info' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return [{ route: 'POST /api/alertrules/:id/preview', url: `/api/alertrules/${rule.id}/preview`, payload: {} }];
  },
  // Device groups: read, form, update; unassign and delete take a second group, so the reads stay answerable.
  async devicegroups(ctx, owner) {
    const db = ctx.database.db;
    const device = await createDevice(db, owner.company.id);
    const group = await createDeviceGroup(db, owner.company.id, 'Tenancy group', [device.id]);
    const doomed = await createDeviceGroup(db, owner.company.id, 'Tenancy doomed group', [device.id]);
    const token = ctx.services.formTokens.issue({ userId: owner.user.id, resource: 'devicegroups', id: group });
    return [
      { route: 'GET /api/devicegroups/:id', url: `/api/devicegroups/${group}` },
      { route: 'GET /api/devicegroups/:id/edit', url: `/api/devicegroups/${group}/edit` },
      { route: 'PUT /api/devicegroups/:id', url: `/api/devicegroups/${group}`, payload: { token, name: 'Tenancy group', devices: [device.id] } },
      { route: 'DELETE /api/devicegroups/:id/devices', url: `/api/devicegroups/${doomed}/devices` },
      { route: 'DELETE /api/devicegroups/:id', url: `/api/devicegroups/${doomed}` },
      { route: 'POST /api/devicegroups/:id/duplicate', url: `/api/devicegroups/${group}/duplicate`, payload: {} },
    ];
  },
  // Operator groups: as device groups.
  async deviceoperatorgroups(ctx, owner) {
    const db = ctx.database.db;
    const group = await createOperatorGroup(db, owner.company.id, 'Tenancy operator group');
    const operator = await createOperator(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Member', groupId: group });
    const doomed = await createOperatorGroup(db, owner.company.id, 'Tenancy doomed operator group');
    await createOperator(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Leaving', groupId: doomed });
    const token = ctx.services.formTokens.issue({ userId: owner.user.id, resource: 'deviceoperatorgroups', id: group });
    return [
      { route: 'GET /api/deviceoperatorgroups/:id', url: `/api/deviceoperatorgroups/${group}` },
      { route: 'GET /api/deviceoperatorgroups/:id/edit', url: `/api/deviceoperatorgroups/${group}/edit` },
      {
        route: 'PUT /api/deviceoperatorgroups/:id',
        url: `/api/deviceoperatorgroups/${group}`,
        payload: { token, name: 'Tenancy operator group', operators: [operator] },
      },
      { route: 'DELETE /api/deviceoperatorgroups/:id/operators', url: `/api/deviceoperatorgroups/${doomed}/operators` },
      { route: 'DELETE /api/deviceoperatorgroups/:id', url: `/api/deviceoperatorgroups/${doomed}` },
    ];
  },
  // The shared device-type catalogue is read in the scope of the company's devices: another company's type is 404.
  async devicetypes(ctx, owner) {
    const db = ctx.database.db;
    const { deviceTypeId } = await createDevice(db, owner.company.id);
    const parameter = await db.selectFrom('parameters').select('id').where('device_type_id', '=', deviceTypeId).orderBy('number').executeTakeFirstOrThrow();
    return [
      { route: 'GET /api/devicetypes/:id', url: `/api/devicetypes/${deviceTypeId}` },
      { route: 'GET /api/parameters/:id', url: `/api/parameters/${parameter.id}` },
      { route: 'GET /api/parameters/:id/unit', url: `/api/parameters/${parameter.id}/unit` },
    ];
  },
  // Users: read, form, update; the delete takes a second colleague, so the reads stay answerable.
  async users(ctx, owner) {
    const db = ctx.database.db;
    const colleague = await createUser(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Colleague' });
    const doomed = await createUser(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Deleted' });
    const token = ctx.services.formTokens.issue({ userId: owner.user.id, resource: 'users', id: colleague.id });
    const payload = {
      token,
      username: colleague.username,
      email: `${colleague.username}@example.test`,
      firstname: 'Tenancy',
      lastname: 'Colleague',
      language: 'en',
      active: true,
    };
    return [
      { route: 'GET /api/users/:id', url: `/api/users/${colleague.id}` },
      { route: 'GET /api/users/:id/edit', url: `/api/users/${colleague.id}/edit` },
      { route: 'PUT /api/users/:id', url: `/api/users/${colleague.id}`, payload },
      { route: 'DELETE /api/users/:id', url: `/api/users/${doomed.id}` },
    ];
  },
  // The diagnostics take their ids in the query: another company's device, operator or group counts as nonexistent.
  async diagnostics(ctx, owner) {
    const db = ctx.database.db;
    const device = await createDevice(db, owner.company.id);
    const group = await createDeviceGroup(db, owner.company.id, 'Tenancy line', [device.id]);
    const crew = await createOperatorGroup(db, owner.company.id, 'Tenancy crew');
    const operator = await createOperator(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Operator', groupId: crew });
    const range = 'from=2026-01-15&to=2026-01-15';
    return [
      {
        route: 'GET /api/devices/diagnostics/multiple',
        url: `/api/devices/diagnostics/multiple?devices=${device.id}&parameterNumber=1,0&interval=hour&${range}`,
      },
      { route: 'GET /api/devices/diagnostics/async/multiple', url: `/api/devices/diagnostics/async/multiple?devices=${device.id}&parameterNumber=1&${range}` },
      {
        route: 'GET /api/deviceoperators/diagnostics/multiple',
        url: `/api/deviceoperators/diagnostics/multiple?deviceOperators=${operator}&interval=day&${range}`,
      },
      {
        route: 'GET /api/deviceoperators/diagnostics/multiple',
        url: `/api/deviceoperators/diagnostics/multiple?deviceOperatorsGroups=${crew}&interval=day&${range}`,
      },
      { route: 'GET /api/reports/factory/data', url: `/api/reports/factory/data?type=device-work-device-chart&devices=${device.id}&interval=hour&${range}` },
      { route: 'GET /api/reports/factory/data', url: `/api/reports/factory/data?type=device-work-device-chart&groups=${group}&${range}` },
      { route: 'GET /api/reports/factory/xlsx', url: `/api/reports/factory/xlsx?type=device-work-device-chart&devices=${device.id}&${range}` },
      { route: 'GET /api/device/:id/locations', url: `/api/device/${device.id}/locations?${range}` },
    ];
  },
  // The work summaries take their ids in the query, as the diagnostics do; shifts so that the shift-work call answers.
  async worksummaries(ctx, owner) {
    const db = ctx.database.db;
    const device = await createDevice(db, owner.company.id);
    const group = await createDeviceGroup(db, owner.company.id, 'Tenancy summary line', [device.id]);
    const crew = await createOperatorGroup(db, owner.company.id, 'Tenancy summary crew');
    const operator = await createOperator(db, owner.company.id, { firstname: 'Tenancy', lastname: 'Summary', groupId: crew });
    await db.insertInto('production_shifts').values({ company_id: owner.company.id, position: 0, name: 'I', hour_start: 6, hour_end: 14 }).execute();
    const period = 'period=this-week&date=2026-01-15';
    return [
      { route: 'GET /api/summaries/activity', url: `/api/summaries/activity?devices=${device.id}&${period}` },
      { route: 'GET /api/summaries/activity', url: `/api/summaries/activity?groups=${group}&${period}` },
      { route: 'GET /api/summaries/efficiency', url: `/api/summaries/efficiency?devices=${device.id}&${period}` },
      { route: 'GET /api/summaries/efficiency', url: `/api/summaries/efficiency?groups=${group}&${period}` },
      { route: 'GET /api/summaries/operators', url: `/api/summaries/operators?deviceOperators=${operator}&${period}` },
      { route: 'GET /api/summaries/operators', url: `/api/summaries/operators?deviceOperatorsGroups=${crew}&${period}` },
      { route: 'GET /api/summaries/shift-work', url: `/api/summaries/shift-work?devices=${device.id}&${period}` },
      { route: 'GET /api/summaries/shift-work', url: `/api/summaries/shift-work?groups=${group}&${period}` },
    ];
  },
  // Alert rules: every call on a rule, its assignments and its conditions; the deletes take rules of their own.
  async alertrules(ctx, owner) {
    const db = ctx.database.db;
    const companyId = owner.company.id;
    const device = await createDevice(db, companyId);
    const group = await createDeviceGroup(db, companyId, 'Tenancy alert group', [device.id]);
    const colleague = await createUser(db, companyId);
    const rule = await createRule(db, companyId, { name: 'Tenancy rule', devices: [device.id], users: [owner.user.id] });
    const doomed = await createRule(db, companyId, { name: 'Tenancy doomed rule' });
    const condition = { variable: 1, operator: 'gt', argument: 5, date_interval: '10m' };
    const insertCondition = async (position: number) =>
      (
        await db
          .insertInto('alert_rule_conditions')
          .values({ company_id: companyId, rule_id: rule, position, condition: JSON.stringify(condition) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const kept = await insertCondition(1);
    const removed = await insertCondition(2);
    const formToken = (resource: string, id: number | null) => ctx.services.formTokens.issue({ userId: owner.user.id, resource, id });
    const requests: TenantRequest[] = [
      { route: 'GET /api/alertrules/:id', url: `/api/alertrules/${rule}` },
      { route: 'GET /api/alertrules/:id/edit', url: `/api/alertrules/${rule}/edit` },
      { route: 'POST /api/alertrules/:id/duplicate', url: `/api/alertrules/${rule}/duplicate`, payload: {} },
      {
        route: 'PUT /api/alertrules/:id',
        url: `/api/alertrules/${rule}`,
        payload: { token: formToken('alertrules', rule), name: 'Tenancy rule', importance: 'error' },
      },
      { route: 'PATCH /api/alertrules/:id/disable', url: `/api/alertrules/${rule}/disable` },
      { route: 'PATCH /api/alertrules/:id/enable', url: `/api/alertrules/${rule}/enable` },
      { route: 'GET /api/alertrules/:id/conditions/new', url: `/api/alertrules/${rule}/conditions/new` },
      {
        route: 'POST /api/alertrules/:id/conditions',
        url: `/api/alertrules/${rule}/conditions`,
        payload: { token: formToken(`alertrules/${rule}/conditions`, null), ...condition },
      },
      { route: 'GET /api/alertrules/:id/conditions/:conditionId/edit', url: `/api/alertrules/${rule}/conditions/${kept}/edit` },
      {
        route: 'PUT /api/alertrules/:id/conditions/:conditionId',
        url: `/api/alertrules/${rule}/conditions/${kept}`,
        payload: { token: formToken(`alertrules/${rule}/conditions`, kept), ...condition, argument: 6 },
      },
      { route: 'DELETE /api/alertrules/:id/conditions/:conditionId', url: `/api/alertrules/${rule}/conditions/${removed}` },
      { route: 'DELETE /api/alertrules/:id', url: `/api/alertrules/${doomed}` },
    ];
    for (const [segment, id] of [
      ['devicegroups', group],
      ['devices', device.id],
      ['users', colleague.id],
    ] as const) {
      for (const action of ['assign', 'unassign'])
        requests.push({ route: `PATCH /api/alertrules/:id/${segment}/:ids/${action}`, url: `/api/alertrules/${rule}/${segment}/${id}/${action}` });
    }
    return requests;
  },
  // Alerts: one alert, confirming it, a device's counts, and confirming a device's alerts before deleting it.
  async alerts(ctx, owner) {
    const db = ctx.database.db;
    const companyId = owner.company.id;
    const device = await createDevice(db, companyId);
    const rule = await createRule(db, companyId, { name: 'Tenancy alerting rule', devices: [device.id], users: [owner.user.id] });
    const alert = await insertAlert(db, { companyId, deviceId: device.id, ruleId: rule });
    return [
      { route: 'GET /api/alerts/:id', url: `/api/alerts/${alert}` },
      { route: 'GET /api/device/:id/alarms/stats', url: `/api/device/${device.id}/alarms/stats` },
      { route: 'PATCH /api/alerts/:ids/confirm', url: `/api/alerts/${alert}/confirm` },
      { route: 'DELETE /api/devices/:id/alerts', url: `/api/devices/${device.id}/alerts` },
    ];
  },
  // Reports: a configuration (one, edit, switch, delete) and generated files (download, retry).
  async reports(ctx, owner) {
    const db = ctx.database.db;
    const companyId = owner.company.id;
    const group = await createDeviceGroup(db, companyId, 'Tenancy report group', []);
    const configuration = async (name: string) => {
      const row = await db
        .insertInto('report_configurations')
        .values({
          company_id: companyId,
          report_type: 'efficiency-report',
          name,
          report_interval: 'day',
          frequency: 'day',
          format: 'xlsx',
          created_by: owner.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('report_configuration_device_groups').values({ company_id: companyId, configuration_id: row.id, device_group_id: group }).execute();
      await db.insertInto('report_configuration_users').values({ company_id: companyId, configuration_id: row.id, user_id: owner.user.id }).execute();
      return row.id;
    };
    const kept = await configuration('Tenancy report');
    const doomed = await configuration('Tenancy doomed report');
    const file = async (status: string) =>
      (
        await db
          .insertInto('report_files')
          .values({
            company_id: companyId,
            configuration_id: kept,
            report_type: 'efficiency-report',
            report_interval: 'day',
            name: `Tenancy ${status}.xlsx`,
            format: 'xlsx',
            status,
            period_from: '2026-10-01',
            period_to: '2026-10-01',
            requested_by: owner.user.id,
            attempt: 1,
            size: 3,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const done = await file('DONE');
    await db
      .insertInto('report_file_chunks')
      .values({ file_id: done, attempt: 1, seq: 0, data: Buffer.from('abc') })
      .execute();
    const failed = await file('ERROR');
    return [
      { route: 'GET /api/reportsconfigurations/:id', url: `/api/reportsconfigurations/${kept}` },
      {
        route: 'PUT /api/reportsconfigurations/:id',
        url: `/api/reportsconfigurations/${kept}`,
        payload: { name: 'Tenancy report', reportInterval: 'week', groups: [group], users: [owner.user.id], frequency: 'week' },
      },
      { route: 'PATCH /api/reportsconfigurations/:id/disable', url: `/api/reportsconfigurations/${kept}/disable` },
      { route: 'PATCH /api/reportsconfigurations/:id/enable', url: `/api/reportsconfigurations/${kept}/enable` },
      { route: 'DELETE /api/reportsconfigurations/:id', url: `/api/reportsconfigurations/${doomed}` },
      { route: 'POST /api/reportsconfigurations/:id/duplicate', url: `/api/reportsconfigurations/${kept}/duplicate`, payload: {} },
      { route: 'GET /api/reports/files/:id/download', url: `/api/reports/files/${done}/download` },
      { route: 'POST /api/reports/files/:id/retry', url: `/api/reports/files/${failed}/retry` },
    ];
  },
  // Notifications: marking one's own read (a notification is one user's, never the company's), an alert's deliveries.
  async notifications(ctx, owner) {
    const db = ctx.database.db;
    const companyId = owner.company.id;
    const device = await createDevice(db, companyId);
    const rule = await createRule(db, companyId, { name: 'Tenancy notifying rule', devices: [device.id], users: [owner.user.id] });
    const alert = await insertAlert(db, { companyId, deviceId: device.id, ruleId: rule });
    while ((await ctx.services.alertChanges.drain()) > 0);
    const notification = await db.selectFrom('notifications').select('id').where('alert_id', '=', alert).executeTakeFirstOrThrow();
    return [
      { route: 'PATCH /api/notifications/:ids/read', url: `/api/notifications/${notification.id}/read` },
      { route: 'GET /api/alerts/:id/deliveries', url: `/api/alerts/${alert}/deliveries` },
    ];
  },
  // Production views: read, edit, display links; the delete and the revoke take a second view and link.
  async productionviews(ctx, owner) {
    const db = ctx.database.db;
    const device = await createDevice(db, owner.company.id);
    const view = await insertProductionView(db, owner.company.id, device.id, 'Tenancy view');
    const doomed = await insertProductionView(db, owner.company.id, device.id, 'Tenancy doomed view');
    const link = await db
      .insertInto('production_view_display_links')
      .values({ company_id: owner.company.id, view_id: view, token_sha256: Buffer.alloc(32, view % 256) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = { lineName: 'Line', deviceId: device.id, parameter_id: 1, goal: 60 };
    return [
      { route: 'GET /api/productionviews/:id', url: `/api/productionviews/${view}` },
      {
        route: 'PUT /api/productionviews/:id',
        url: `/api/productionviews/${view}`,
        payload: { prodview_type: 'rows', prodview_name: 'Tenancy view', lineParams: [line, line], reset_hours: '06:00' },
      },
      { route: 'GET /api/productionviews/:id/displaylinks', url: `/api/productionviews/${view}/displaylinks` },
      { route: 'POST /api/productionviews/:id/displaylinks', url: `/api/productionviews/${view}/displaylinks`, payload: { label: 'Tenancy TV' } },
      { route: 'DELETE /api/productionviews/:id/displaylinks/:linkId', url: `/api/productionviews/${view}/displaylinks/${link.id}` },
      { route: 'DELETE /api/productionviews/:id', url: `/api/productionviews/${doomed}` },
      { route: 'POST /api/productionviews/:id/duplicate', url: `/api/productionviews/${view}/duplicate`, payload: {} },
    ];
  },
  // A production view's live state (the views' own calls are the views API's case).
  async productionviewsLive(ctx, owner) {
    const device = await createDevice(ctx.database.db, owner.company.id);
    const view = await createView(ctx.database.db, owner.company.id, {
      resetHours: [6],
      lines: [
        { deviceId: device.id, parameter: 1, goal: 60 },
        { deviceId: device.id, parameter: 0, goal: 80 },
      ],
    });
    return [{ route: 'GET /api/productionviews/:id/state', url: `/api/productionviews/${view}/state` }];
  },
};

/**
 * List routes: each factory makes a row of the owner's company and names the list that shows it. The owner's list
 * holds it, a super-admin's too; another company's user never sees it.
 */
export type TenantListFactory = (ctx: TestContext, owner: { company: TestCompany; user: TestUser }) => Promise<{ url: string; id: number }>;

export const TENANT_LISTS: Record<string, TenantListFactory> = {
  async reportsconfigurations(ctx, owner) {
    return { url: '/api/reportsconfigurations?page_size=0', id: await REPORT_LISTED(ctx, owner) };
  },
  async reportfiles(ctx, owner) {
    const db = ctx.database.db;
    const row = await db
      .insertInto('report_files')
      .values({
        company_id: owner.company.id,
        report_type: 'alerts-report',
        report_interval: 'day',
        name: 'Listed.xlsx',
        format: 'xlsx',
        period_from: '2026-10-01',
        period_to: '2026-10-01',
        requested_by: owner.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { url: '/api/reports/files?page_size=0', id: row.id };
  },
  async tasks(ctx, owner) {
    return { url: '/api/tasks?page_size=0', id: await insertTask(ctx.database.db, owner.company.id, { name: 'Listed task' }) };
  },
  async devicegroups(ctx, owner) {
    return { url: '/api/devicegroups?page_size=0', id: await createDeviceGroup(ctx.database.db, owner.company.id, 'Listed group', []) };
  },
  async deviceoperators(ctx, owner) {
    return {
      url: '/api/deviceoperators?page_size=0',
      id: await createOperator(ctx.database.db, owner.company.id, { firstname: 'Listed', lastname: 'Operator' }),
    };
  },
  async deviceoperatorgroups(ctx, owner) {
    return { url: '/api/deviceoperatorgroups?page_size=0', id: await createOperatorGroup(ctx.database.db, owner.company.id, 'Listed crew') };
  },
  async devicetypes(ctx, owner) {
    return { url: '/api/devicetypes?context=devicetypes_monitor&page_size=0', id: (await createDevice(ctx.database.db, owner.company.id)).deviceTypeId };
  },
  async users(_ctx, owner) {
    return { url: '/api/users?page_size=0', id: owner.user.id };
  },
  async alertrules(ctx, owner) {
    return { url: '/api/alertrules?page_size=0', id: await createRule(ctx.database.db, owner.company.id, { name: 'Listed rule' }) };
  },
  async alerts(ctx, owner) {
    const db = ctx.database.db;
    const device = await createDevice(db, owner.company.id);
    const rule = await createRule(db, owner.company.id, { name: 'Listed alerting rule', devices: [device.id], users: [owner.user.id] });
    return { url: '/api/alerts?page_size=0', id: await insertAlert(db, { companyId: owner.company.id, deviceId: device.id, ruleId: rule }) };
  },
  async productionviews(ctx, owner) {
    const device = await createDevice(ctx.database.db, owner.company.id);
    return { url: '/api/productionviews?page_size=0', id: await insertProductionView(ctx.database.db, owner.company.id, device.id, 'Listed view') };
  },
};

const REPORT_LISTED = async (ctx: TestContext, owner: { company: TestCompany; user: TestUser }) =>
  (
    await ctx.database.db
      .insertInto('report_configurations')
      .values({ company_id: owner.company.id, report_type: 'alerts-report', name: 'Listed report', report_interval: 'day', frequency: 'week', format: 'xlsx' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const SUPER_ADMIN_ONLY = 'super-admin only: a company user gets 403 (tested in admin-*.api.test.ts)';

/** Routes with path parameters that address no tenant row, with the reason. */
export const TENANCY_EXEMPT: Record<string, string> = {
  'GET /api/users/current/settings/*': 'keyed by the caller; another user can only ever reach their own settings',
  'PUT /api/users/current/settings/*': 'keyed by the caller',
  'DELETE /api/users/current/settings/*': 'keyed by the caller',
  'POST /api/resetting/request': 'public, no caller to scope by; reaches a user only through their own mailbox, and answers alike for every address',
  'POST /api/resetting/reset': 'public; the single-use token from the mail is the credential and names its one user',
  'POST /api/ingest': "module-authenticated (serial number + security code), no user; writes only for the authenticated module's own company and device",
  'GET /api/docs/*': 'the OpenAPI UI',
  'GET /api/reports/:type/data':
    "the path names a report type, not a row: every report is of the caller's company, and another company's ids in the query are left out without a word (server/src/reports/data-routes.test.ts)",
  'GET /api/reports/files/:id/link': "public: a report mail's link, whose token is the signature of that one file (tested in reports-mail.test.ts)",
  'GET /api/display/:token': "public: a display link's token is its credential and names its one view (tested in production-live.api.test.ts)",
  'GET /api/display/:token/events': "public: a display link's token is its credential and names its one view (tested in production-live.api.test.ts)",
  'GET /api/docs/static/*': 'the OpenAPI UI',
  'GET /api/devicetypes/:id/edit': 'super-admin only: a company user gets 403 (tested in admin-device-types.api.test.ts)',
  'PUT /api/devicetypes/:id': 'super-admin only: a company user gets 403 (tested in admin-device-types.api.test.ts)',
  'DELETE /api/devicetypes/:id': 'super-admin only: a company user gets 403 (tested in admin-device-types.api.test.ts)',
  'POST /api/devicetypes/:id/duplicate': 'super-admin only: a company user gets 403 (tested in admin-device-types.api.test.ts)',
  'GET /api/parameters/:id/edit': 'super-admin only: a company user gets 403 (tested in admin-device-types.api.test.ts)',
  'PUT /api/parameters/:id': 'super-admin only: a company user gets 403 (tested in admin-device-types.api.test.ts)',
  'DELETE /api/parameters/:id': 'super-admin only: a company user gets 403 (tested in admin-device-types.api.test.ts)',
  // The administration (modules, companies, subscribers of every company) addresses no one company's rows.
  'GET /api/sensors/:id': SUPER_ADMIN_ONLY,
  'GET /api/sensors/:id/edit': SUPER_ADMIN_ONLY,
  'PUT /api/sensors/:id': SUPER_ADMIN_ONLY,
  'DELETE /api/sensors/:id': SUPER_ADMIN_ONLY,
  'DELETE /api/sensors/:id/devices': SUPER_ADMIN_ONLY,
  'DELETE /api/unknown-modules/:protocol/:serialNumber': SUPER_ADMIN_ONLY,
  'POST /api/opcua-certificates/:id/trust': 'super-admin only: a company user gets 403 (tested in opcua-tools.test.ts)',
  'POST /api/opcua-certificates/:id/revoke': 'super-admin only: a company user gets 403 (tested in opcua-tools.test.ts)',
  'GET /api/companies/:id': SUPER_ADMIN_ONLY,
  'GET /api/companies/:id/edit': SUPER_ADMIN_ONLY,
  'PUT /api/companies/:id': SUPER_ADMIN_ONLY,
  'DELETE /api/companies/:id': SUPER_ADMIN_ONLY,
  'GET /api/subscribers/:id': SUPER_ADMIN_ONLY,
  'GET /api/subscribers/:id/edit': SUPER_ADMIN_ONLY,
  'PUT /api/subscribers/:id': SUPER_ADMIN_ONLY,
  'DELETE /api/subscribers/:id': SUPER_ADMIN_ONLY,
};
