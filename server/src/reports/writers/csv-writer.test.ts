import { describe, expect, it } from 'vitest';
import type { ReportSection } from '@gearwatch/contracts';
import { SAMPLE_SECTIONS, rowsUntilBlocked, writeFile } from '../../../test/report-files.ts';

/** RFC 4180 with semicolons back to records: quoted fields may hold semicolons, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else field += character;
    } else if (character === '"') quoted = true;
    else if (character === ';') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += character;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return records;
}

describe('CSV report writer', () => {
  it('writes UTF-8 with a BOM, the title lines, translated headers, sections, a labelled totals row and Polish values', async () => {
    const bytes = await writeFile('csv', SAMPLE_SECTIONS, { language: 'pl' });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    // Every cell quoted, semicolons between them (spec 01 §9): a Polish Excel opens the file in columns.
    expect(text.split('\r\n')[4]).toBe('"Tokarka Łódź – żółw"');
    expect(text.split('\r\n')[5]?.startsWith('"Urządzenie";"Czas";')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['Wydajność – październik'],
      ['Okres: 1.10.2026 – 31.10.2026'],
      ['Strefa czasowa: Europe/Warsaw'],
      [''],
      ['Tokarka Łódź – żółw'],
      ['Urządzenie', 'Czas', 'Początek', 'Praca', 'Wydajność (%)', 'Licznik', 'reports.column.ratio'],
      ['Ēvele "A", nr 1', '25.10.2026', '25.10.2026 02:30', '25:01:01', '87', '12345', '1,5'],
      ["'=1+2 Станок", '26.10.2026', '', '0:00:00', '0', '0', ''],
      ['Σ', '', '', '25:01:01', '44', '12345', ''],
      [''],
      ['Urządzenie', 'Aktywność'],
      ['Jānis Bērziņš', '1:00:00'],
    ]);
  });

  it('labels a totals row that has no label of its own', async () => {
    const section: ReportSection = {
      ...SAMPLE_SECTIONS[1]!,
      rows: [
        ['Jānis Bērziņš', 3600],
        [null, 3600],
      ],
      totals: true,
    };
    const records = parseCsv((await writeFile('csv', [section], { language: 'en' })).toString('utf8').slice(1));
    expect(records.at(-1)).toEqual(['Total', '1:00:00']);
    expect(records.at(-2)).toEqual(['Jānis Bērziņš', '1:00:00']);
  });

  it('writes the decimal mark and dates of the language asked for, and translates the headers', async () => {
    const russian = parseCsv((await writeFile('csv', SAMPLE_SECTIONS, { language: 'ru' })).toString('utf8').slice(1));
    expect(russian[5]?.[0]).toBe('Устройство');
    expect(russian[6]?.at(-1)).toBe('1,5');
    const english = parseCsv((await writeFile('csv', SAMPLE_SECTIONS, { language: 'en' })).toString('utf8').slice(1));
    expect(english[5]?.slice(0, 4)).toEqual(['Device', 'Time', 'Start', 'Work']);
    expect(english[6]).toEqual(['Ēvele "A", nr 1', '25/10/2026', '25/10/2026 02:30', '25:01:01', '87', '12345', '1.5']);
  });

  it('says when the period had no data', async () => {
    const text = (await writeFile('csv', [], { empty: true, language: 'en' })).toString('utf8');
    expect(text).toBe(
      '\uFEFF"Wydajność – październik"\r\n"Period: 01/10/2026 – 31/10/2026"\r\n"Time zone: Europe/Warsaw"\r\n\r\n"No data in the period 01/10/2026 – 31/10/2026."\r\n',
    );
    const withTables = parseCsv((await writeFile('csv', [{ ...SAMPLE_SECTIONS[1]!, rows: [] }], { empty: true, language: 'lv' })).toString('utf8').slice(1));
    expect(withTables.at(-1)).toEqual(['Periodā 01.10.26 – 31.10.26 nav datu.']);
  });

  it('writes the same bytes into a slow output as into a fast one', async () => {
    const many = [{ ...SAMPLE_SECTIONS[1]!, rows: Array.from({ length: 3_000 }, (_, index) => [`Device ${index}`, index * 7]) }];
    const fast = await writeFile('csv', many, { chunk: 500 });
    const slow = await writeFile('csv', many, { chunk: 500, slow: true });
    expect(slow.equals(fast)).toBe(true);
    expect(parseCsv(fast.toString('utf8').slice(1))).toHaveLength(4 + 3_001);
  });
});

describe('CSV report writer and names that start a formula', () => {
  const FORMULA_NAMES = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1'];

  it.each(FORMULA_NAMES)('writes %j as text with a leading apostrophe as a section title, a column header and a cell; numbers stay numbers', async (name) => {
    const section: ReportSection = {
      title: name,
      columns: [
        { key: 'operator', title: 'spreadsheet.work-activity.device', kind: 'text' },
        { key: 'device', title: name, kind: 'duration' },
        { key: 'delta', title: `${name} Δ`, kind: 'number' },
        { key: 'efficiency', title: name, kind: 'percent' },
      ],
      rows: [[name, -3600, -5, -12]],
      totals: false,
    };
    const records = parseCsv((await writeFile('csv', [section], { language: 'en' })).toString('utf8').slice(1));
    expect(records.slice(4)).toEqual([[`'${name}`], ['Device', `'${name}`, `'${name} Δ`, `'${name} (%)`], [`'${name}`, '-1:00:00', '-5', '-12']]);
  });
});

describe('CSV report writer back-pressure', () => {
  it('stops taking rows while the output takes nothing, and finishes the file once it does', async () => {
    const section = { ...SAMPLE_SECTIONS[1]!, rows: Array.from({ length: 1_000 }, (_, index) => [`Device ${index}`, index]) };
    const { finished, bytes } = await rowsUntilBlocked('csv', section, 50);
    // The first chunk (~20 kB) is over the output's 16 kB mark already.
    expect(finished).toBe(0);
    expect(parseCsv(bytes.toString('utf8').slice(1))).toHaveLength(4 + 1 + 1_000);
  });
});
