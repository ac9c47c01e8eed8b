import type { ReportCell, ReportColumn, ReportDocument, ReportSection } from '@gearwatch/contracts';
import type { ReportOutcome, ReportSink, ReportSubject } from '../model.ts';

/**
 * The most rows a report shown on screen carries. A screen is read by a person; beyond this a file is the answer
 * (a month of 5-minute details for 50 devices is ~430,000 rows), and stopping early also stops the reading.
 */
export const SCREEN_ROW_LIMIT = 10_000;

/** Thrown by the memory sink when the screen's rows are full: the builder stops reading, the document says `truncated`. */
export class ReportSinkFull extends Error {
  constructor() {
    super('the report has more rows than a screen shows');
    this.name = 'ReportSinkFull';
  }
}

/** Collects a builder's sections and rows into the JSON document of `GET /api/reports/{type}/data`. */
export class MemorySink implements ReportSink {
  private readonly sections: ReportSection[] = [];
  private rowCount = 0;
  private truncated = false;

  constructor(private readonly rowLimit = SCREEN_ROW_LIMIT) {}

  section(section: { title: string | null; columns: readonly ReportColumn[]; totals: boolean }): Promise<void> {
    if (this.rowCount >= this.rowLimit) return this.full();
    this.sections.push({ title: section.title, columns: section.columns.map((c) => ({ ...c })), rows: [], totals: section.totals });
    return Promise.resolve();
  }

  rows(rows: readonly (readonly ReportCell[])[]): Promise<void> {
    const current = this.sections[this.sections.length - 1];
    if (!current) return Promise.reject(new Error('a builder wrote rows before its first section'));
    const room = this.rowLimit - this.rowCount;
    const kept = rows.length > room ? rows.slice(0, room) : rows;
    for (const row of kept) current.rows.push([...row]);
    this.rowCount += kept.length;
    if (kept.length < rows.length) {
      // The section's totals row, written last, did not make it.
      current.totals = false;
      return this.full();
    }
    return Promise.resolve();
  }

  progress(): Promise<void> {
    return Promise.resolve();
  }

  room(): number {
    return Math.max(0, this.rowLimit - this.rowCount);
  }

  document(subject: ReportSubject, timezone: string, outcome: ReportOutcome): ReportDocument {
    return {
      type: subject.type,
      from: subject.from,
      to: subject.to,
      interval: subject.interval,
      timezone,
      empty: outcome.empty,
      truncated: this.truncated,
      sections: this.sections,
    };
  }

  private full(): Promise<never> {
    this.truncated = true;
    return Promise.reject(new ReportSinkFull());
  }
}
