import ExcelJS from 'exceljs';
import { DEFAULT_LANGUAGE, FACTORY_SUMMARY_NAME, LANGUAGES, PRODUCT_NAME } from '@gearwatch/contracts';
import type { FactoryDeviceChartResponse, FactoryShiftChartResponse, Language } from '@gearwatch/contracts';

/**
 * The spreadsheet of the work/activity charts: one sheet, one row per device and bucket (or shift), headed in the
 * user's language. Work and activity are written as Excel durations ([h]:mm:ss) so they sum and chart in Excel;
 * the counter stays a number of pieces.
 */

interface SheetTexts {
  sheet: string;
  device: string;
  time: string;
  shift: string;
  work: string;
  active: string;
  counter: string;
  summary: string;
}

const TEXTS: Record<Language, SheetTexts> = {
  en: { sheet: 'Work and activity', device: 'Device', time: 'Time', shift: 'Shift', work: 'Work', active: 'Activity', counter: 'Counter', summary: 'Summary' },
  pl: { sheet: 'Praca i aktywność', device: 'Urządzenie', time: 'Czas', shift: 'Zmiana', work: 'Praca', active: 'Aktywność', counter: 'Licznik', summary: 'Podsumowanie' },
  lv: { sheet: 'Darbs un aktivitāte', device: 'Iekārta', time: 'Laiks', shift: 'Maiņa', work: 'Darbs', active: 'Aktivitāte', counter: 'Skaitītājs', summary: 'Kopsavilkums' },
  ru: { sheet: 'Работа и активность', device: 'Устройство', time: 'Время', shift: 'Смена', work: 'Работа', active: 'Активность', counter: 'Счётчик', summary: 'Итого' },
};

export function sheetTexts(language: string): SheetTexts {
  return TEXTS[(LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE];
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
