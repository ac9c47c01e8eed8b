import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, DIAGNOSTICS_LIMITS, MONITOR_TITLE_KEYS, reconcileParameters, selectableParameters } from '@gearwatch/contracts';
import { useDevices } from '../../../../api/data-areas.ts';
import { useDeviceTypes } from '../../api/model.ts';
import { useMonitorQuery } from '../../hooks/useMonitorQuery.ts';
import { useParametersNotFound } from '../../hooks/useParametersNotFound.ts';
import { monitorFiles } from '../monitor-files.ts';
import { MonitorAction, MonitorFrame } from '../MonitorFrame.tsx';
import type { MonitorProps } from '../types.ts';
import { asyncData, asyncOffer } from './async-request.ts';
import { asyncCsv, asyncRows, cappedParameters } from './async-rows.ts';
import { AsyncSettingsPanel } from './AsyncSettingsPanel.tsx';
import { AsyncTable } from './AsyncTable.tsx';
import { formattingLocale } from '../../../../i18n/locale.ts';

const KIND = 'async';

/**
 * The async monitor (spec 02 §2 item 7): the raw readings of chosen parameters of one device over a date range, as
 * a table newest first, with a CSV export.
 */
export function AsyncMonitor({ settings, update, range, setRange, today }: MonitorProps<'async'>) {
  const { t, i18n } = useTranslation();
  const devices = useDevices();
  const deviceTypes = useDeviceTypes();
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_PAGE_SIZE);

  const { device, parameters } = settings;
  const offered = useMemo(() => asyncOffer(device, devices.data, deviceTypes.data), [device, deviceTypes.data, devices.data]);
  const { validity, request } = useMemo(
    () => asyncData.plan(settings, { range, devices: devices.data, deviceTypes: deviceTypes.data }),
    [deviceTypes.data, devices.data, range, settings],
  );
  const query = useMonitorQuery(KIND, request, asyncData.fetch);
  const data = request ? query.data : undefined;

  const notFound = useParametersNotFound(query.error, request, update);

  const rows = useMemo(() => (data ? asyncRows(data) : null), [data]);
  const capped = useMemo(() => (data ? cappedParameters(data) : []), [data]);

  const changeDevice = (next: number | null) => {
    // Spec 02 §4: parameters the new device does not offer are dropped (with the work parameter or the first one
    // chosen when none remains); no device offers nothing to compare with and keeps the choice.
    const known = next !== null && devices.data?.some((entry) => entry.id === next);
    if (known && devices.data && deviceTypes.data) {
      update({ device: next, parameters: reconcileParameters(parameters, selectableParameters([next], devices.data, deviceTypes.data)) });
    } else {
      update({ device: next });
    }
  };

  const exportCsv = () => {
    if (!rows) return;
    const headers = { parameter: t('monitor.async.column.parameter'), value: t('monitor.async.column.value') };
    monitorFiles(t(MONITOR_TITLE_KEYS[KIND]), range, () => asyncCsv(rows, headers)).csv();
  };

  return (
    <MonitorFrame
      warning={validity.warning}
      query={query}
      error={notFound ? null : (query.error ?? deviceTypes.error)}
      actions={
        <MonitorAction
          name="csv"
          label={t('monitor.action.csv')}
          icon={<FileDownloadOutlined fontSize="small" />}
          onClick={exportCsv}
          disabled={!rows || rows.length === 0}
        />
      }
      settings={
        <AsyncSettingsPanel
          settings={settings}
          parameters={offered}
          range={range}
          today={today}
          onDeviceChange={changeDevice}
          onParametersChange={(next) => update({ parameters: next })}
          onRangeChange={setRange}
        />
      }
    >
      {rows && rows.length > 0 ? (
        <>
          {capped.length > 0 ? (
            <Alert severity="info" data-testid="async-capped" sx={{ mb: 1 }}>
              {t('monitor.async.capped', {
                limit: new Intl.NumberFormat(formattingLocale(i18n.language)).format(DIAGNOSTICS_LIMITS.asyncMaxPoints),
                parameters: capped.join(', '),
              })}
            </Alert>
          ) : null}
          <AsyncTable key={JSON.stringify(request)} rows={rows} rowsPerPage={rowsPerPage} onRowsPerPageChange={setRowsPerPage} />
        </>
      ) : rows ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
          {t('monitor.message.no-data')}
        </Typography>
      ) : null}
    </MonitorFrame>
  );
}
