import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevicesWithAlertsOption, DeviceWithAlerts } from '@gearwatch/contracts';
import { formatDuration } from '../../../../components/dates/format.ts';
import { formatReading } from '../../../../components/status/status-format.ts';
import { TrendPercentage } from '../../../../components/status/TrendPercentage.tsx';
import { SummaryTable } from '../summary-parts/SummaryTable.tsx';
import type { SummaryColumn } from '../summary-parts/SummaryTable.tsx';

type Reading = DeviceWithAlerts['batteryVoltage'];

/** What each column option shows of a device. */
function cellOf(option: DevicesWithAlertsOption, entry: DeviceWithAlerts, t: (key: string) => string, language: string): ReactNode {
  const reading = (value: Reading) => (value === null ? '—' : formatReading(value.value, value.unit, language));
  switch (option) {
    case 'deviceGroups':
      return entry.groups.map((g) => g.name).join(', ') || '—';
    case 'moduleActivity':
      return t(`summary.module.${entry.moduleActivity}`);
    case 'batteryCharge':
      return reading(entry.batteryCharge);
    case 'batteryVoltage':
      return reading(entry.batteryVoltage);
    case 'trend':
      return <TrendPercentage value={entry.trend} />;
    case 'criticalAlerts':
      return entry.alerts.error;
    case 'warningAlerts':
      return entry.alerts.warning;
    case 'infoAlerts':
      return entry.alerts.info;
    case 'efficiencyAndEnabledTime':
      return `${entry.enabledPercent}% (${formatDuration(entry.enabledTime)})`;
    case 'workEfficiency':
      return `${entry.workEfficiency}%`;
    case 'workEfficiencyTrend':
      return <TrendPercentage value={entry.workEfficiencyTrend} />;
    case 'workTime':
      return formatDuration(entry.workTime);
    case 'technicalStatus':
      return t(`device.status.${entry.technicalStatus}`);
    case 'motorHours':
      return reading(entry.motorHours);
  }
}

/** The devices with alerts, one row each, the device's name then the chosen columns in their fixed order. */
export function DevicesWithAlertsTable({ entries, options }: { entries: readonly DeviceWithAlerts[]; options: readonly DevicesWithAlertsOption[] }) {
  const { t, i18n } = useTranslation();
  const columns: SummaryColumn<DeviceWithAlerts>[] = [
    { key: 'device', label: t('summary.column.device'), cell: (entry) => entry.device.name, align: 'left' },
    ...options.map((option) => ({
      key: option,
      label: t(`summary.option.${option}`),
      cell: (entry: DeviceWithAlerts) => cellOf(option, entry, t, i18n.language),
      align: 'left' as const,
    })),
  ];
  return <SummaryTable columns={columns} rows={entries} rowKey={(entry) => entry.device.id} maxHeight={420} testId="devices-with-alerts-table" />;
}
