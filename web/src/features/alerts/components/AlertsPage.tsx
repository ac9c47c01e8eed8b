import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import ClearOutlined from '@mui/icons-material/ClearOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_IMPORTANCES, ALERT_STATUSES, todayIn } from '@gearwatch/contracts';
import type { AlertListFilter, DateRange } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { PageActions } from '../../../components/PageActions.tsx';
import { DateRangeField } from '../../../components/dates/DateRangeField.tsx';
import { FilterSelect, filterId, modelOptions } from '../../../components/list/FilterSelect.tsx';
import { useDeviceOptions } from '../../../api/model-lists.ts';
import { useRuleOptions } from '../api/models.ts';
import { AlertTable, statusKey } from './AlertTable.tsx';
import { ConfirmAllDialog } from './ConfirmAllDialog.tsx';
import { importanceKey } from './Importance.tsx';

type StatusFilter = NonNullable<AlertListFilter['status']>;
type ImportanceFilter = NonNullable<AlertListFilter['importance']>;

/**
 * /alerts/list (spec 01 §2): the alerts the user sees, filtered by status, importance, device, rule and a date range;
 * confirm one in its row, or all that match the filters after a confirmation.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const timeZone = useCurrentUser().owner.timezone;
  const [status, setStatus] = useState('');
  const [importance, setImportance] = useState('');
  const [device, setDevice] = useState('');
  const [rule, setRule] = useState('');
  const [range, setRange] = useState<DateRange | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const devices = useDeviceOptions();
  const rules = useRuleOptions();
  const filter = useMemo<AlertListFilter>(
    () => ({
      status: (status || undefined) as StatusFilter | undefined,
      importance: (importance || undefined) as ImportanceFilter | undefined,
      device: filterId(device),
      rule: filterId(rule),
      from: range?.from,
      to: range?.to,
    }),
    [status, importance, device, rule, range],
  );
  return (
    <>
      <PageActions>
        <Button variant="contained" size="small" startIcon={<DoneAllOutlined />} onClick={() => setConfirmAll(true)}>
          {t('alert.confirm-all')}
        </Button>
      </PageActions>
      <AlertTable
        filter={filter}
        toolbar={
          <>
            <FilterSelect
              label={t('alert.filter.status')}
              value={status}
              options={ALERT_STATUSES.map((value) => ({ value, label: t(statusKey(value)) }))}
              onChange={setStatus}
            />
            <FilterSelect
              label={t('alert.filter.importance')}
              value={importance}
              options={ALERT_IMPORTANCES.map((value) => ({ value, label: t(importanceKey(value)) }))}
              onChange={setImportance}
            />
            <FilterSelect label={t('alert.filter.device')} value={device} options={modelOptions(devices)} onChange={setDevice} />
            <FilterSelect label={t('alert.filter.rule')} value={rule} options={modelOptions(rules.data)} onChange={setRule} />
            <DateRangeField value={range} onChange={setRange} label={t('alert.filter.dates')} today={todayIn(timeZone)} presets />
            {range ? (
              <Tooltip title={t('alert.filter.clear-dates')}>
                <IconButton size="small" aria-label={t('alert.filter.clear-dates')} onClick={() => setRange(null)}>
                  <ClearOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
          </>
        }
      />
      <ConfirmAllDialog open={confirmAll} filter={filter} onClose={() => setConfirmAll(false)} />
    </>
  );
}
