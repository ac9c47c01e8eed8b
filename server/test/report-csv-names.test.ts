import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportType } from '@gearwatch/contracts';
import type { ReportScope, ReportSubject } from '../src/reports/model.ts';
import { writeReport } from '../src/reports/screens/data-service.ts';
import type { TestContext } from './context.ts';
import { createTestContext } from './context.ts';
import { createCompany } from './fixtures.ts';
import { memoryOutput, fileOptions } from './report-files.ts';
import { createReportFileWriter } from '../src/reports/writers/index.ts';
import {
  TEST_PARAMETERS,
  createDeviceGroup,
  createDeviceType,
  createOperator,
  createTelemetryDevice,
  ingest,
  setCompanyTimezone,
} from './telemetry-fixtures.ts';

/**
 * Issue 31 item 2: names users typed reach a report's CSV as section titles (a group, a device, an operator), column
 * headers (a device in the work matrix) and cells (a device, an operator). Whatever the place, a name a spreadsheet
 * would run as a formula is written with a leading apostrophe, and the numbers beside it stay numbers. The names are
 * written straight into the tables (rows from before names were checked, or from the ingest), not through forms.
 */

/** Each first character OWASP lists, with a payload after it. */
const FORMULA_NAMES = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1'];
const DAY = '2026-10-05';

/** RFC 4180 records (semicolons) of a CSV file (after its BOM). */
function records(text: string): string[][] {
  const all: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
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
      all.push(record);
      record = [];
      field = '';
      index += 1;
    } else field += character;
  }
  return all;
}

describe('report CSV files with names that start a formula', () => {
  let ctx: TestContext;
  let scope: ReportScope;
  let groupId: number;
  const operatorIds: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const company = await createCompany(db);
    await setCompanyTimezone(db, company.id, 'Europe/Warsaw');
    scope = { companyId: company.id, timezone: 'Europe/Warsaw' };
    const typeId = await createDeviceType(
      db,
      TEST_PARAMETERS.filter((p) => p.number <= 3),
    );
    const devices = [];
    for (const [index, name] of FORMULA_NAMES.entries()) {
      const device = await createTelemetryDevice(db, company.id, typeId, name);
      devices.push(device);
      const rfid = `CARD-${index}`;
      operatorIds.push(await createOperator(db, company.id, { firstname: name, lastname: `${name} ${index}`, rfid }));
      const start = Date.parse(`${DAY}T08:00:00Z`) + index * 60_000;
      const readings = Array.from({ length: 12 }, (_, i) => [
        { parameter: 1, ts: new Date(start + i * 300_000), value: 120 },
        { parameter: 2, ts: new Date(start + i * 300_000), value: 240 },
        { parameter: 3, ts: new Date(start + i * 300_000), value: 2 },
      ]).flat();
      await ingest(ctx.services, device, {
        readings,
        events: [
          { ts: new Date(start - 60_000), type: 'rfid_on', rfid },
          { ts: new Date(start + 3_600_000), type: 'rfid_off', rfid: null },
        ],
      });
    }
    groupId = await createDeviceGroup(
      db,
      company.id,
      "+cmd|' /C calc'!A0 hall",
      devices.map((d) => d.id),
    );
  });
  afterAll(() => ctx?.close());

  async function csvOf(type: ReportType, selection: Partial<ReportSubject>): Promise<string[][]> {
    const subject: ReportSubject = {
      type,
      from: DAY,
      to: DAY,
      interval: 'day',
      deviceIds: [],
      deviceGroupIds: [],
      operatorIds: [],
      operatorGroupIds: [],
      ...selection,
    };
    const { output, bytes } = memoryOutput();
    const writer = createReportFileWriter('csv', output, fileOptions('en', { type, scope }));
    await writer.end(await writeReport(ctx.database.db, scope, subject, writer));
    return records(bytes().toString('utf8').slice(1));
  }

  /** No cell starts a formula: text starting with one of the characters is prefixed; a leading minus is a number's. */
  function expectNoFormula(file: string[][]): void {
    for (const cell of file.flat()) {
      if (/^[=+@\t\r\n]/.test(cell)) expect.fail(`a cell starts a formula: ${JSON.stringify(cell)}`);
      if (cell.startsWith('-')) expect(cell, 'a cell starting with a minus is a number or a duration').toMatch(/^-\d[\d.:]*$/);
    }
  }

  it('defuses a group named as a formula in its section title, and the devices named so in their cells', async () => {
    const file = await csvOf('efficiency-report', { deviceGroupIds: [groupId] });
    expectNoFormula(file);
    expect(file.flat()).toContain(`'+cmd|' /C calc'!A0 hall`);
  });

  it('defuses devices named as formulas as the column headers of the work matrix', async () => {
    const file = await csvOf('production-device-work-matrix', { deviceGroupIds: [groupId] });
    expectNoFormula(file);
    const header = file.find((record) => record.includes(`'${FORMULA_NAMES[0]}`));
    expect(header).toEqual(expect.arrayContaining(FORMULA_NAMES.map((name) => `'${name}`)));
  });

  it('defuses devices named as formulas as section titles', async () => {
    const file = await csvOf('device-efficiency-report', { deviceGroupIds: [groupId] });
    expectNoFormula(file);
    for (const name of FORMULA_NAMES) expect(file).toContainEqual([`'${name}`]);
  });

  it('defuses operators named as formulas as section titles and cells', async () => {
    const file = await csvOf('workers-work-report', { operatorIds });
    expectNoFormula(file);
    const cells = file.flat();
    for (const name of FORMULA_NAMES) expect(cells.some((cell) => cell.startsWith(`'${name}`))).toBe(true);
  });
});
