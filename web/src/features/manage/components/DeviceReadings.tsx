import { useTranslation } from 'react-i18next';
import type { CurrentReading } from '@gearwatch/contracts';
import { formatReading } from '../../../components/status/status-format.ts';
import { useCurrentReadings } from '../api/devices.ts';
import { formatDateTime } from '../../../components/dates/format.ts';
import { useDateFormat } from '../../../components/dates/useDateFormat.ts';
import { QueryBody } from './QueryBody.tsx';
import { Section } from '../../../components/Section.tsx';
import { SimpleTable } from './SimpleTable.tsx';
import type { SimpleColumn } from './SimpleTable.tsx';

/** The newest value of each of the device type's parameters, with its unit and when it was read. */
export function DeviceReadings({ deviceId }: { deviceId: number }) {
  const { t, i18n } = useTranslation();
  const dateFormat = useDateFormat();
  const readings = useCurrentReadings(deviceId);
  const columns: SimpleColumn<CurrentReading>[] = [
    { key: 'parameter', header: 'manage.readings.column.parameter', cell: (row) => row.name },
    { key: 'value', header: 'manage.readings.column.value', align: 'right', cell: (row) => formatReading(row.value, row.unit, i18n.language) },
    { key: 'time', header: 'manage.readings.column.time', nowrap: true, cell: (row) => formatDateTime(row.time, dateFormat) },
  ];
  return (
    <Section title={t('manage.readings.title')} testId="device-readings">
      <QueryBody query={readings}>
        {(rows) => <SimpleTable columns={columns} rows={rows} rowKey={(row) => row.number} empty={t('manage.readings.empty')} testId="readings-table" />}
      </QueryBody>
    </Section>
  );
}
