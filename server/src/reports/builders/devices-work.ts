import type { ReportCell, ReportColumn } from '@gearwatch/contracts';
import type { ReportBuilder } from '../model.ts';
import { COLUMNS, shiftWorkColumn } from './support/columns.ts';
import { openDeviceReport } from './support/context.ts';
import { BucketSumTable, addSums, noSums, sumCells } from './support/sums.ts';

/**
 * Devices work report: one row per device over the whole period (the interval does not divide it): work, active,
 * efficiency, counter, work in each production shift (a night shift counts on the date it starts), the local dates
 * with work and how many known operators used the device; the totals row adds the devices up, its days are the
 * dates on which any of them worked and its operators each operator once.
 */
export const devicesWorkReport: ReportBuilder = {
  type: 'devices-work-report',
  async write(db, scope, subject, sink) {
    const report = await openDeviceReport(db, scope, subject);
    const { repository, companyId, period } = report;
    const deviceIds = report.devices.map((d) => d.id);
    const whole = [{ label: '', firstDay: period.from, lastDay: period.to, start: period.start, end: period.end }];
    const table = await BucketSumTable.read(report.rollups, companyId, deviceIds, whole);
    const shifts = await repository.shifts(companyId);
    const shiftWork = new Map<string, number>();
    for (const cell of await report.rollups.shiftCellSums(companyId, deviceIds, period.from, period.to)) {
      shiftWork.set(`${cell.deviceId}:${cell.position}`, (shiftWork.get(`${cell.deviceId}:${cell.position}`) ?? 0) + cell.work);
    }
    const days = await report.rollups.daysWorked(companyId, deviceIds, period.from, period.to);
    const operators = await repository.operatorCounts(companyId, deviceIds, period.start, period.end);
    const daysOf = new Map(days.perDevice.map((d) => [d.deviceId, d.count]));
    const operatorsOf = new Map(operators.perDevice.map((d) => [d.deviceId, d.count]));

    const columns: ReportColumn[] = [
      COLUMNS.device,
      COLUMNS.work,
      COLUMNS.active,
      COLUMNS.efficiency,
      COLUMNS.counter,
      ...shifts.map((s) => shiftWorkColumn(s.position, s.name)),
      COLUMNS.daysWorked,
      COLUMNS.operators,
    ];
    await sink.section({ title: null, columns, totals: true });
    const total = noSums();
    const shiftTotals = shifts.map(() => 0);
    const rows: ReportCell[][] = report.devices.map((device) => {
      const sums = table.of(0, device.id);
      addSums(total, sums);
      const perShift = shifts.map((s, i) => {
        const work = shiftWork.get(`${device.id}:${s.position}`) ?? 0;
        shiftTotals[i]! += work;
        return work;
      });
      return [device.name, ...sumCells(sums), ...perShift, daysOf.get(device.id) ?? 0, operatorsOf.get(device.id) ?? 0];
    });
    rows.push([null, ...sumCells(total), ...shiftTotals, days.any, operators.any]);
    await sink.rows(rows);
    await sink.progress(1);
    return { empty: !table.hasReadings() };
  },
};
