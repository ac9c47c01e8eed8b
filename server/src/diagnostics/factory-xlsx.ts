import { FACTORY_SUMMARY_NAME } from '@gearwatch/contracts';
import type { FactoryDeviceChartResponse, FactoryShiftChartResponse, ReportCell } from '@gearwatch/contracts';
import { translatorFor } from '../i18n/translator.ts';
import { writeXlsxTable } from '../spreadsheets/xlsx.ts';
import type { XlsxTableColumn } from '../spreadsheets/xlsx.ts';

/**
 * The spreadsheet of the work/activity charts: one sheet, one row per device and bucket (or shift), headed in the
 * user's language. Work and activity are written as Excel durations ([h]:mm:ss) so they sum and chart in Excel;
 * the counter stays a number of pieces; the time is the chart's own label.
 */

type SheetTexts = Record<'sheet' | 'device' | 'time' | 'shift' | 'work' | 'active' | 'counter' | 'summary', string>;

function sheetTexts(language: string): SheetTexts {
  const translator = translatorFor(language);
  return {
    sheet: translator.text('spreadsheet.work-activity.sheet'),
    device: translator.text('spreadsheet.work-activity.device'),
    time: translator.text('spreadsheet.work-activity.time'),
    shift: translator.text('spreadsheet.work-activity.shift'),
    work: translator.text('spreadsheet.work-activity.work'),
    active: translator.text('spreadsheet.work-activity.active'),
    counter: translator.text('spreadsheet.work-activity.counter'),
    summary: translator.text('spreadsheet.work-activity.summary'),
  };
}

function columns(texts: SheetTexts, second: string): XlsxTableColumn[] {
  return [
    { header: texts.device, kind: 'text', width: 28 },
    { header: second, kind: 'text', width: 18 },
    { header: texts.work, kind: 'duration', width: 12 },
    { header: texts.active, kind: 'duration', width: 12 },
    { header: texts.counter, kind: 'number', width: 12 },
  ];
}

export function deviceChartWorkbook(report: FactoryDeviceChartResponse, language: string): Promise<Buffer> {
  const texts = sheetTexts(language);
  const rows = report.data.flatMap((entry) => entry.items.map((item): ReportCell[] => [entry.name, item.time, item.work, item.active, item.counter]));
  return writeXlsxTable({ sheet: texts.sheet, columns: columns(texts, texts.time), rows });
}

export function shiftChartWorkbook(report: FactoryShiftChartResponse, language: string): Promise<Buffer> {
  const texts = sheetTexts(language);
  const named = (name: string) => (name === FACTORY_SUMMARY_NAME ? texts.summary : name);
  const rows = report.data.flatMap((entry) =>
    entry.items.map((item): ReportCell[] => [named(entry.name), named(item.name), item.workSum, item.activeSum, item.counterSum]),
  );
  return writeXlsxTable({ sheet: texts.sheet, columns: columns(texts, texts.shift), rows });
}
