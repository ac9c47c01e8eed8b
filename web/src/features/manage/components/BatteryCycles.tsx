import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, BATTERY_CYCLES_MAX_DAYS, todayIn } from '@gearwatch/contracts';
import type { BatteryCycle, DateRange } from '@gearwatch/contracts';
import { DateRangeField } from '../../../components/dates/DateRangeField.tsx';
import { formatDateTime, formatDuration } from '../../../components/dates/format.ts';
import { formatReading } from '../../../components/status/status-format.ts';
import { BATTERY_CYCLE_STATE_LOOKS } from '../../../components/status/battery-cycle-state.ts';
import { StateLabel } from '../../../components/status/StateLabel.tsx';
import { useBatteryCycles } from '../api/devices.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { QueryBody } from './QueryBody.tsx';
import { Section } from '../../../components/Section.tsx';
import { SimpleTable } from './SimpleTable.tsx';
import type { SimpleColumn } from './SimpleTable.tsx';

/** The cycles shown first: the last 30 days, today included. */
export const DEFAULT_CYCLE_DAYS = 30;
/** Battery voltages are read in volts (the status icons' battery parameter). */
const VOLT = 'V';

/** The last 30 days up to today on the company's calendar. */
export function defaultCycleRange(today: string): DateRange {
  return { from: addDays(today, -(DEFAULT_CYCLE_DAYS - 1)), to: today };
}

/**
 * The battery cycles of a device in a date range (spec 02 dictionary: start, end, charging end, charging time, cycle
 * time, max and min voltage, state). The range is at most BATTERY_CYCLES_MAX_DAYS, as the API answers.
 */
export function BatteryCycles({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const dateFormat = useDateFormat();
  const today = todayIn(dateFormat.timeZone);
  const [range, setRange] = useState<DateRange>(() => defaultCycleRange(today));
  const cycles = useBatteryCycles(deviceId, range.from, range.to);
  const time = (iso: string | null) => formatDateTime(iso, dateFormat) || '—';
  const seconds = (value: number | null) => (value === null ? '—' : formatDuration(value));
  const volts = (value: number | null) => (value === null ? '—' : formatReading(value, VOLT, i18n.language));
  const columns: SimpleColumn<BatteryCycle>[] = [
    { key: 'start', header: 'manage.cycles.column.start', nowrap: true, cell: (row) => time(row.start) },
    { key: 'end', header: 'manage.cycles.column.end', nowrap: true, cell: (row) => time(row.end) },
    { key: 'charging-end', header: 'manage.cycles.column.charging-end', nowrap: true, cell: (row) => time(row.chargingEnd) },
    { key: 'charging-time', header: 'manage.cycles.column.charging-time', align: 'right', cell: (row) => seconds(row.chargingSeconds) },
    { key: 'cycle-time', header: 'manage.cycles.column.cycle-time', align: 'right', cell: (row) => seconds(row.cycleSeconds) },
    { key: 'max-voltage', header: 'manage.cycles.column.max-voltage', align: 'right', cell: (row) => volts(row.maxVoltage) },
    { key: 'min-voltage', header: 'manage.cycles.column.min-voltage', align: 'right', cell: (row) => volts(row.minVoltage) },
    {
      key: 'state',
      header: 'manage.cycles.column.state',
      cell: (row) => (
        <StateLabel look={BATTERY_CYCLE_STATE_LOOKS[row.state]} label={t(BATTERY_CYCLE_STATE_LOOKS[row.state].text)} state={row.state} testId="cycle-state" />
      ),
    },
  ];
  return (
    <Section
      title={t('manage.cycles.title')}
      testId="battery-cycles"
      actions={<DateRangeField value={range} onChange={setRange} today={today} maxDays={BATTERY_CYCLES_MAX_DAYS} presets />}
    >
      <QueryBody query={cycles}>
        {(rows) => (
          <SimpleTable
            columns={columns}
            rows={rows}
            rowKey={(row, index) => `${row.start ?? ''}-${index}`}
            empty={t('manage.cycles.empty')}
            testId="cycles-table"
          />
        )}
      </QueryBody>
    </Section>
  );
}
