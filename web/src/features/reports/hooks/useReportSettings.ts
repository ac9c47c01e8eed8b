import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateSchema, REPORT_DATE_PRESETS, REPORT_INTERVALS } from '@gearwatch/contracts';
import type { DateRange, ReportDatePreset, ReportInterval, ReportType } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';
import { useUserSettings } from '../../../api/data-areas.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { settingSaver } from '../../../api/setting-saver.ts';
import { presetRange } from '../../../components/dates/calendar.ts';
import type { ReportSelection } from '../api/report-data.ts';

/**
 * What a report screen remembers per user (a user setting named after the page, like the monitors' boards, spec 02
 * §3): the selection, the interval, and the period as a preset (so "this month" stays this month) or as the dates
 * chosen. Read leniently: anything unreadable falls back to its default.
 */
export interface ReportScreenSettings {
  selection: ReportSelection;
  interval: ReportInterval;
  /** The period's preset; null when dates were picked (then `range`). */
  preset: ReportDatePreset | null;
  range: DateRange | null;
}

export const DEFAULT_PRESET: ReportDatePreset = 'this-month';

type Stored = Record<string, unknown>;

function record(value: unknown): Stored {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Stored) : {};
}

function ids(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
}

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value);
}

function storedRange(value: unknown): DateRange | null {
  const { from, to } = record(value);
  const valid = (date: unknown): date is string => typeof date === 'string' && localDateSchema.safeParse(date).success;
  return valid(from) && valid(to) && from <= to ? { from, to } : null;
}

export function reportSettingKey(type: ReportType): string {
  return `reports/${type}`;
}

export function parseReportSettings(stored: unknown): ReportScreenSettings {
  const value = record(stored);
  const selection = record(value.selection);
  const range = storedRange(value.range);
  return {
    selection: {
      byGroups: selection.byGroups === true,
      devices: ids(selection.devices),
      groups: ids(selection.groups),
      deviceOperators: ids(selection.deviceOperators),
      deviceOperatorsGroups: ids(selection.deviceOperatorsGroups),
    },
    interval: oneOf(REPORT_INTERVALS, value.interval) ?? 'day',
    // Picked dates are kept only with a range to show; anything else is the default preset.
    preset: value.preset === null && range !== null ? null : (oneOf(REPORT_DATE_PRESETS, value.preset) ?? DEFAULT_PRESET),
    range,
  };
}

/** The period the settings stand for on `today` (the company's day): a preset's dates move with today. */
export function settingsRange(settings: ReportScreenSettings, today: string): DateRange {
  return settings.preset !== null || settings.range === null ? presetRange(settings.preset ?? DEFAULT_PRESET, today) : settings.range;
}

/**
 * The screen's settings and `update(patch)`: a change lands in the settings cache at once and is saved right away,
 * saves one after another, newest last; a failed save is reported and the change stays on screen. A patch may be a
 * function of the current settings.
 */
export type ReportSettingsPatch = Partial<ReportScreenSettings> | ((current: ReportScreenSettings) => Partial<ReportScreenSettings>);

export function useReportSettings(type: ReportType): { settings: ReportScreenSettings; update: (patch: ReportSettingsPatch) => void } {
  const key = reportSettingKey(type);
  const api = useApi();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const stored = useUserSettings()[key];
  const settings = useMemo(() => parseReportSettings(stored), [stored]);
  const update = useCallback(
    (patch: ReportSettingsPatch) => {
      // From the cache, not the render: two changes before the next render both count.
      const current = parseReportSettings(queryClient.getQueryData<Record<string, unknown>>(queryKeys.settings)?.[key]);
      const next: ReportScreenSettings = { ...current, ...(typeof patch === 'function' ? patch(current) : patch) };
      queryClient.setQueryData<Record<string, unknown>>(queryKeys.settings, (all) => ({ ...all, [key]: next }));
      settingSaver(api, key).save(next, () => enqueueSnackbar(t('reports.screen.save-failed'), { variant: 'warning' }));
    },
    [api, enqueueSnackbar, key, queryClient, t],
  );
  return { settings, update };
}
