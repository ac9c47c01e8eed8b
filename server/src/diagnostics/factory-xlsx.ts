import ExcelJS from 'exceljs';
import { FACTORY_SUMMARY_NAME, PRODUCT_NAME } from '@gearwatch/contracts';
import type { FactoryDeviceChartResponse, FactoryShiftChartResponse } from '@gearwatch/contracts';
import { translatorFor } from '../i18n/translator.ts';

/**
 * The spreadsheet of the work/activity charts: one sheet, one row per device and bucket (or shift), headed in the
 * user's language. Work and activity are written as Excel durations ([h]:mm:ss) so they sum and chart in Excel;
 * the counter stays a number of pieces.
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

const DURATION_FORMAT = '[h]:mm:ss';
const SECONDS_PER_DAY = 86_400;

const duration = (seconds: number | null) => (seconds === null ? null : seconds / SECONDS_PER_DAY);

function newSheet(texts: SheetTexts, second: string) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = PRODUCT_NAME;
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: texts.device, key: 'device', width: 28 },
    { header: second, key: 'second', width: 18 },
    { header: texts.work, key: 'work', width: 12, style: { numFmt: DURATION_FORMAT } },
    { header: texts.active, key: 'active', width: 12, style: { numFmt: DURATION_FORMAT } },
    { header: texts.counter, key: 'counter', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 5 } };
  return { workbook, sheet };
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function deviceChartWorkbook(report: FactoryDeviceChartResponse, language: string): Promise<Buffer> {
  const texts = sheetTexts(language);
  const { workbook, sheet } = newSheet(texts, texts.time);
  for (const entry of report.data) {
    for (const item of entry.items) {
      sheet.addRow({ device: entry.name, second: item.time, work: duration(item.work), active: duration(item.active), counter: item.counter });
    }
  }
  return toBuffer(workbook);
}

export function shiftChartWorkbook(report: FactoryShiftChartResponse, language: string): Promise<Buffer> {
  const texts = sheetTexts(language);
  const { workbook, sheet } = newSheet(texts, texts.shift);
  const named = (name: string) => (name === FACTORY_SUMMARY_NAME ? texts.summary : name);
  for (const entry of report.data) {
    for (const item of entry.items) {
      sheet.addRow({
        device: named(entry.name),
        second: named(item.name),
        work: duration(item.workSum),
        active: duration(item.activeSum),
        counter: item.counterSum,
      });
    }
  }
  return toBuffer(workbook);
}
