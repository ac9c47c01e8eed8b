import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ReportSection } from '@gearwatch/contracts';
import { createXlsxWriter } from './xlsx-writer.ts';
import { SAMPLE_SECTIONS, fileOptions, memoryOutput, rowsUntilBlocked, writeFile } from '../../../test/report-files.ts';

async function readBook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
/** exceljs reads a number formatted as a time back as a Date: the seconds it stands for. */
const seconds = (value: ExcelJS.CellValue) => (value instanceof Date ? Math.round((value.getTime() - EXCEL_EPOCH) / 1000) : value);

function rowTexts(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('xlsx report writer', () => {
  it('writes "Total" into a totals row whose first cell the builder left empty, in the file\'s language', async () => {
    const section: ReportSection = {
      title: null,
      columns: [
        { key: 'period', title: 'reports.column.period', kind: 'text' },
        { key: 'work', title: 'reports.column.work', kind: 'duration' },
      ],
      rows: [
        ['2026-10-01', 3600],
        [null, 3600],
      ],
      totals: true,
    };
    for (const [language, word] of [
      ['pl', 'Razem'],
      ['en', 'Total'],
    ] as const) {
      const rows = rowTexts((await readBook(await writeFile('xlsx', [section], { language }))).worksheets[0]!);
      const last = rows.filter((row) => row.length > 0).at(-1)!;
      expect(last[0]).toBe(word);
      expect(seconds(last[1] as ExcelJS.CellValue)).toBe(3600);
    }
  });

  it('writes the title, the period, the time zone and translated headers on one sheet', async () => {
    const book = await readBook(await writeFile('xlsx', SAMPLE_SECTIONS, { language: 'ru' }));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Отчёт']);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Wydajność – październik');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('Период: 01.10.2026 – 31.10.2026');
    expect(sheet.getCell('A3').value).toBe('Часовой пояс: Europe/Warsaw');
    expect(sheet.getCell('A5').value).toBe('Tokarka Łódź – żółw');
    expect((sheet.getRow(6).values as unknown[]).slice(1)).toEqual([
      'Устройство',
      'Время',
      'Начало',
      'Работа',
      'Эффективность',
      'Счётчик',
      'reports.column.ratio',
    ]);
    expect(sheet.getRow(6).getCell(1).font?.bold).toBe(true);
  });

  it('types the cells: durations as [h]:mm:ss, percents as 0%, dates and date-times as dates', async () => {
    const sheet = (await readBook(await writeFile('xlsx', SAMPLE_SECTIONS))).worksheets[0]!;
    const row = sheet.getRow(7);
    expect(row.getCell(1).value).toBe('Ēvele "A", nr 1');
    expect(row.getCell(2).value).toEqual(new Date(Date.UTC(2026, 9, 25)));
    expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(3).value).toEqual(new Date(Date.UTC(2026, 9, 25, 2, 30)));
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(seconds(row.getCell(4).value)).toBe(90_061);
    expect(row.getCell(4).numFmt).toBe('[h]:mm:ss');
    expect(row.getCell(5).value).toBe(0.87);
    expect(row.getCell(5).numFmt).toBe('0%');
    expect(row.getCell(6).value).toBe(12_345);
    expect(row.getCell(7).value).toBe(1.5);
    // A text that looks like a formula stays a text.
    expect(sheet.getRow(8).getCell(1).value).toBe('=1+2 Станок');
    expect(sheet.getRow(8).getCell(3).value).toBeNull();
  });

  it('writes the totals row bold and only it, however the rows were chunked', async () => {
    for (const chunk of [1, 2, 3]) {
      const sheet = (await readBook(await writeFile('xlsx', SAMPLE_SECTIONS, { chunk }))).worksheets[0]!;
      expect([7, 8, 9].map((row) => sheet.getRow(row).getCell(4).font?.bold === true)).toEqual([false, false, true]);
      // The second section has no totals: its last row is plain.
      expect(sheet.getRow(10).values).toEqual([]);
      expect(sheet.getRow(12).getCell(1).value).toBe('Jānis Bērziņš');
      expect(sheet.getRow(12).getCell(1).font?.bold).not.toBe(true);
      expect(seconds(sheet.getRow(12).getCell(2).value)).toBe(3_600);
    }
  });

  it('says when the period had no data', async () => {
    const sheet = (await readBook(await writeFile('xlsx', [], { empty: true, language: 'en' }))).worksheets[0]!;
    expect(sheet.name).toBe('Report');
    expect(rowTexts(sheet).flat()).toContain('No data in the period 01/10/2026 – 31/10/2026.');
  });

  it('continues on a new sheet at the row limit, repeating the section title and header', async () => {
    const section: ReportSection = {
      title: 'Maszyna 7',
      columns: [
        { key: 'time', title: 'spreadsheet.work-activity.time', kind: 'datetime' },
        { key: 'work', title: 'spreadsheet.work-activity.work', kind: 'duration' },
      ],
      rows: Array.from({ length: 25 }, (_, index) => [`2026-10-01T${String(index % 24).padStart(2, '0')}:00`, index]),
      totals: false,
    };
    const { output, bytes } = memoryOutput();
    const writer = createXlsxWriter(output, fileOptions('pl'), 12);
    await writer.section(section);
    await writer.rows(section.rows);
    await writer.end({ empty: false });
    const book = await readBook(bytes());
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Raport', 'Raport (2)', 'Raport (3)']);
    const second = book.worksheets[1];
    expect(book.worksheets.map((sheet) => sheet.rowCount)).toEqual([12, 12, 11]);
    expect(rowTexts(second!).slice(0, 2)).toEqual([['Maszyna 7'], ['Czas', 'Praca']]);
    const works = book.worksheets.flatMap((sheet) =>
      rowTexts(sheet)
        .filter((row) => row[0] instanceof Date)
        .map((row) => seconds(row[1] as ExcelJS.CellValue)),
    );
    expect(works).toEqual(section.rows.map((row) => row[1]));
  });

  it('streams into a slow output and the file still opens', async () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => [`Urządzenie ${index}`, index]);
    const bytes = await writeFile('xlsx', [{ ...SAMPLE_SECTIONS[1]!, rows }], { chunk: 1_000, slow: true });
    const sheet = (await readBook(bytes)).worksheets[0]!;
    // The title, the period, the time zone, a blank row and the header come first.
    expect(sheet.getRow(6).getCell(1).value).toBe('Urządzenie 0');
    expect(sheet.getRow(6 + 4_999).getCell(1).value).toBe('Urządzenie 4999');
    expect(sheet.rowCount).toBe(6 + 4_999);
  });
});

describe('xlsx report writer back-pressure', () => {
  it('stops taking rows while the output takes nothing, and finishes the file once it does', async () => {
    const rows = Array.from({ length: 2_000 }, (_, index) => [`2026-10-01T10:${String(index % 60).padStart(2, '0')}`, index, 'Kowalski Jan']);
    const section: ReportSection = {
      title: null,
      columns: [
        { key: 'time', title: 'spreadsheet.work-activity.time', kind: 'datetime' },
        { key: 'work', title: 'spreadsheet.work-activity.work', kind: 'duration' },
        { key: 'operator', title: 'spreadsheet.work-activity.device', kind: 'text' },
      ],
      rows,
      totals: false,
    };
    // 200 chunks would be ~25 MB of sheet XML: far more than the writer may hold before it waits.
    const { finished, bytes } = await rowsUntilBlocked('xlsx', section, 200);
    expect(finished).toBeLessThan(200);
    const book = await readBook(bytes);
    expect(book.worksheets[0]!.rowCount).toBe(5 + (finished + 1) * 2_000);
  });
});
