import { describe, expect, it } from 'vitest';
import type { ReportSection } from '@gearwatch/contracts';
import { SAMPLE_SECTIONS, pdfText, rowsUntilBlocked, writeFile } from '../../../test/report-files.ts';

describe('PDF report writer', () => {
  it('writes the title, period, time zone, translated headers and formatted cells in Polish, Latvian and Russian letters', async () => {
    const bytes = await writeFile('pdf', SAMPLE_SECTIONS, { language: 'ru' });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The embedded font is DejaVu Sans (a subset), not a standard font without Cyrillic.
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    const { pages } = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    const lines = pages[0]!.split('\n');
    expect(lines).toContain('Wydajność – październik');
    expect(lines).toContain('Период: 01.10.2026 – 31.10.2026');
    expect(lines).toContain('Часовой пояс: Europe/Warsaw');
    expect(lines).toContain('Tokarka Łódź – żółw');
    expect(lines).toContain('Страница 1');
    const text = pages[0]!;
    for (const expected of [
      'Устройство',
      'Время',
      'Работа',
      'Счётчик',
      'Ēvele "A", nr 1',
      '=1+2 Станок',
      'Jānis Bērziņš',
      '25:01:01',
      '87%',
      '12\u00a0345',
      '1,5',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('breaks long tables onto pages that repeat the header and are numbered', async () => {
    const section: ReportSection = {
      title: 'Maszyna 7',
      columns: [
        { key: 'device', title: 'spreadsheet.work-activity.device', kind: 'text' },
        { key: 'work', title: 'spreadsheet.work-activity.work', kind: 'duration' },
      ],
      rows: Array.from({ length: 200 }, (_, index) => [`[Row ${index + 1}]`, index * 60]),
      totals: false,
    };
    const { pages } = await pdfText(await writeFile('pdf', [section], { language: 'en', chunk: 37 }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain('DeviceWork');
      expect(page).toContain(`Page ${index + 1}`);
    });
    const rows = pages.join('\n').match(/\[Row \d+\]/g) ?? [];
    expect(rows).toEqual(section.rows.map((row) => row[0]));
  });

  it('says when the period had no data', async () => {
    const { pages } = await pdfText(await writeFile('pdf', [], { empty: true, language: 'lv' }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Periodā 01.10.26 – 31.10.26 nav datu.');
    expect(pages[0]).toContain('Lapa 1');
  });

  it('wraps a column title too long for its narrow column instead of cutting it', async () => {
    // Sixteen narrow columns (the work matrix's devices): each title is read whole, over more lines.
    const columns = Array.from({ length: 16 }, (_, index) => ({
      key: `device-${index}`,
      title: `Tokarka numer ${index} hala północna`,
      kind: 'duration' as const,
    }));
    const section: ReportSection = { title: null, columns, rows: [columns.map(() => 60)], totals: false };
    const { pages } = await pdfText(await writeFile('pdf', [section], { language: 'pl' }));
    expect(pages[0]).not.toMatch(/…|\.\.\./);
    for (const word of ['Tokarka', 'numer', 'hala', 'północna']) expect(pages[0]).toContain(word);
    expect(pages[0]!.match(/północna/g)).toHaveLength(16);
  });

  it('cuts a text too long for its column with an ellipsis', async () => {
    const long = 'Bardzo długa nazwa urządzenia '.repeat(12);
    const { pages } = await pdfText(await writeFile('pdf', [{ ...SAMPLE_SECTIONS[1]!, rows: [[long, 60]] }], { slow: true }));
    // pdf2json reads the ellipsis glyph back as three dots.
    expect(pages[0]).toMatch(/Bardzo długa nazwa urządzenia.*(…|\.\.\.)0:01:00/);
    expect(pages[0]).not.toContain(long.trim());
  });
});

describe('PDF report writer back-pressure', () => {
  it('stops taking rows while the output takes nothing, and finishes the file once it does', async () => {
    const section = { ...SAMPLE_SECTIONS[1]!, rows: Array.from({ length: 500 }, (_, index) => [`Urządzenie ${index}`, index * 60]) };
    const { finished, bytes } = await rowsUntilBlocked('pdf', section, 100);
    expect(finished).toBeLessThan(100);
    const { pages } = await pdfText(bytes);
    expect(pages.join('\n').match(/Urządzenie 499/g)).toHaveLength(finished + 1);
  });
});
