import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import ClearOutlined from '@mui/icons-material/ClearOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALERT_IMPORTANCES, ALERT_STATUSES, todayIn } from '@gearwatch/contracts';
import type { AlertListFilter, DateRange } from '@gearwatch/contracts';
import { useCurrentUser } from '../../../api/data-areas.ts';
import { PageActions } from '../../../components/PageActions.tsx';
import { DateRangeField } from '../../../components/dates/DateRangeField.tsx';
import { FilterSelect, filterId, modelOptions } from '../../../components/list/FilterSelect.tsx';
import { useDeviceOptions } from '../../../api/model-lists.ts';
import { useScreenSize } from '../../../hooks/useScreenSize.ts';
import { useRuleOptions } from '../api/models.ts';
import { AlertTable, statusKey } from './AlertTable.tsx';
import { ConfirmAllDialog } from './ConfirmAllDialog.tsx';
import { importanceKey } from './Importance.tsx';

type StatusFilter = NonNullable<AlertListFilter['status']>;
type ImportanceFilter = NonNullable<AlertListFilter['importance']>;

/** The filters live in the address (`?status=active&device=4&from=…`): a reload, a bookmark or a shared link keeps them. */
type FilterParam = 'status' | 'importance' | 'device' | 'rule' | 'from' | 'to';

/**
 * /alerts/list (spec 01 §2): the alerts the user sees, filtered by status, importance, device, rule and a date range;
 * confirm one in its row, or all that match the filters after a confirmation. On a phone the filters fold behind one
 * button that counts those in use, so the list starts on the first screen.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const timeZone = useCurrentUser().owner.timezone;
  const [params, setParams] = useSearchParams();
  const [confirmAll, setConfirmAll] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { size } = useScreenSize();
  const phone = size === 'xxsmall' || size === 'xsmall';
  const devices = useDeviceOptions();
  const rules = useRuleOptions();
  const param = (name: FilterParam) => params.get(name) ?? '';
  const setFilter = (values: Partial<Record<FilterParam, string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  const status = param('status');
  const importance = param('importance');
  const device = param('device');
  const rule = param('rule');
  const from = param('from');
  const to = param('to');
  const range = useMemo<DateRange | null>(() => (from && to ? { from, to } : null), [from, to]);
  const filter = useMemo<AlertListFilter>(
    () => ({
      status: (ALERT_STATUSES as readonly string[]).includes(status) ? (status as StatusFilter) : undefined,
      importance: (ALERT_IMPORTANCES as readonly string[]).includes(importance) ? (importance as ImportanceFilter) : undefined,
      device: filterId(device),
      rule: filterId(rule),
      from: range?.from,
      to: range?.to,
    }),
    [status, importance, device, rule, range],
  );
  const inUse = [filter.status, filter.importance, filter.device, filter.rule, range].filter((value) => value !== undefined && value !== null).length;
  const filters = (
    <>
      <FilterSelect
        label={t('alert.filter.status')}
        value={status}
        options={ALERT_STATUSES.map((value) => ({ value, label: t(statusKey(value)) }))}
        onChange={(value) => setFilter({ status: value })}
      />
      <FilterSelect
        label={t('alert.filter.importance')}
        value={importance}
        options={ALERT_IMPORTANCES.map((value) => ({ value, label: t(importanceKey(value)) }))}
        onChange={(value) => setFilter({ importance: value })}
      />
      <FilterSelect label={t('alert.filter.device')} value={device} options={modelOptions(devices)} onChange={(value) => setFilter({ device: value })} />
      <FilterSelect label={t('alert.filter.rule')} value={rule} options={modelOptions(rules.data)} onChange={(value) => setFilter({ rule: value })} />
      <DateRangeField
        value={range}
        onChange={(next) => setFilter({ from: next?.from ?? null, to: next?.to ?? null })}
        label={t('alert.filter.dates')}
        today={todayIn(timeZone)}
        presets
      />
      {range ? (
        <Tooltip title={t('alert.filter.clear-dates')}>
          <IconButton size="small" aria-label={t('alert.filter.clear-dates')} onClick={() => setFilter({ from: null, to: null })}>
            <ClearOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </>
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
          phone ? (
            <>
              <Button
                size="small"
                variant="outlined"
                aria-expanded={filtersOpen}
                onClick={() => setFiltersOpen((open) => !open)}
                startIcon={
                  <Badge badgeContent={inUse} color="primary">
                    <FilterListOutlined />
                  </Badge>
                }
              >
                {t('alert.filter.toggle')}
              </Button>
              {filtersOpen ? filters : null}
            </>
          ) : (
            filters
          )
        }
      />
      <ConfirmAllDialog open={confirmAll} filter={filter} onClose={() => setConfirmAll(false)} />
    </>
  );
}
