import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@gearwatch/contracts';
import type { ReportCell, ReportColumn, ReportColumnKind } from '@gearwatch/contracts';
import type { ReportFileWriter, ReportOutcome } from '../model.ts';
import { cellText, drained, fileTexts, finished, headerText, labelledTotals, paperNumbers, watchOutput } from './cells.ts';
import type { ReportFileOptions } from './cells.ts';

/**
 * PDF through pdfkit (pure JavaScript), set in DejaVu Sans from the `dejavu-fonts-ttf` package: it covers Polish,
 * Latvian and Russian letters (pdfkit's built-in Helvetica has no Cyrillic and no ą/ē), and pdfkit embeds only the
 * glyphs used. A4, landscape when the table is wide; the report's title, its period and the company's time zone on
 * top; each section a table whose header row repeats on every page it runs onto; totals bold; the page number at
 * the foot of every page. Pages are flushed to `output` as each one ends (no page buffering), so memory stays flat.
 * Column titles wrap onto more lines when their column is narrow; long cell texts are cut with an ellipsis to their
 * column's width: a row is one line.
 */

const require = createRequire(import.meta.url);
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 36;
const FOOTER = 18;
const PAD = 3;
/** A column's share of the page width by kind. */
const WEIGHTS: Record<ReportColumnKind, number> = { text: 3, period: 2.6, date: 1.6, datetime: 2.3, duration: 1.6, percent: 1.2, count: 1.2, number: 1.4 };
const RIGHT_ALIGNED: ReadonlySet<ReportColumnKind> = new Set(['duration', 'percent', 'count', 'number']);
/** Bytes the document may hold for a slow `output` before the writer waits. */
const BACKLOG_LIMIT = 256 * 1024;

interface Table {
  title: string | null;
  columns: readonly ReportColumn[];
  totals: boolean;
  widths: number[];
  fontSize: number;
  rowHeight: number;
}

export function createPdfWriter(output: NodeJS.WritableStream, options: ReportFileOptions): ReportFileWriter {
  const texts = fileTexts(options);
  const numbers = paperNumbers(texts.translator.language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    info: { Title: options.title, Creator: PRODUCT_NAME, Producer: PRODUCT_NAME },
    lang: texts.translator.language,
    displayTitle: true,
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const watch = watchOutput(output);
  doc.pipe(output);

  let pages = 0;
  let table: Table | null = null;
  let pending: readonly ReportCell[] | null = null;
  let written = 0;
  let ended = false;

  const bottom = () => doc.page.height - MARGIN - FOOTER;

  const addPage = (landscape: boolean) => {
    doc.addPage({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN });
    pages += 1;
    // The foot lies in the bottom margin: lift the margin while writing it, or pdfkit would break the page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor('#555555');
    const label = texts.page(pages);
    doc.text(label, (doc.page.width - doc.widthOfString(label)) / 2, doc.page.height - MARGIN, { lineBreak: false });
    doc.page.margins.bottom = margin;
    doc.fillColor('black');
    doc.x = MARGIN;
    doc.y = MARGIN;
  };

  /** The text cut to `width` points with an ellipsis when it does not fit. */
  const fit = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
      else high = middle - 1;
    }
    return `${text.slice(0, low)}…`;
  };

  const cellRow = (values: readonly string[], kinds: readonly ReportColumnKind[], bold: boolean, fill: string | null) => {
    const current = table as Table;
    doc.font(bold ? 'bold' : 'regular').fontSize(current.fontSize);
    const y = doc.y;
    const width = current.widths.reduce((sum, each) => sum + each, 0);
    if (fill) doc.rect(MARGIN, y, width, current.rowHeight).fill(fill).fillColor('black');
    let x = MARGIN;
    values.forEach((value, index) => {
      const columnWidth = current.widths[index] ?? 0;
      const text = fit(value, columnWidth - 2 * PAD);
      const kind = kinds[index] ?? 'text';
      const left = RIGHT_ALIGNED.has(kind) ? x + columnWidth - PAD - doc.widthOfString(text) : x + PAD;
      if (text !== '') doc.text(text, left, y + (current.rowHeight - current.fontSize) / 2, { lineBreak: false });
      x += columnWidth;
    });
    doc
      .moveTo(MARGIN, y + current.rowHeight)
      .lineTo(MARGIN + width, y + current.rowHeight)
      .lineWidth(bold ? 0.8 : 0.3)
      .strokeColor('#999999')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + current.rowHeight;
  };

  const tableHead = (continued: boolean) => {
    const current = table as Table;
    if (current.title !== null) {
      doc.font('bold').fontSize(current.fontSize + 2);
      const title = texts.title(current.title) + (continued ? ' …' : '');
      doc.text(fit(title, doc.page.width - 2 * MARGIN), MARGIN, doc.y, { lineBreak: false });
      doc.x = MARGIN;
      doc.y += (current.fontSize + 2) * 1.5;
    }
    headerRow(current.columns.map((column) => headerText(texts, column, 'pdf')));
  };

  /**
   * The table's header: each title wrapped onto as many lines as its column needs (a long title such as "Czas
   * użycia karty RFID" or a device's name in a narrow matrix column is read whole, never cut), the row as tall as
   * its tallest title, on a grey ground.
   */
  const headerRow = (titles: readonly string[]) => {
    const current = table as Table;
    doc.font('bold').fontSize(current.fontSize);
    const widths = current.widths.map((width) => Math.max(1, width - 2 * PAD));
    const lines = Math.max(1, ...titles.map((title, index) => Math.ceil(doc.heightOfString(title, { width: widths[index] }) / doc.currentLineHeight(true))));
    const height = current.rowHeight + (lines - 1) * doc.currentLineHeight(true);
    const y = doc.y;
    const width = current.widths.reduce((sum, each) => sum + each, 0);
    doc.rect(MARGIN, y, width, height).fill('#e8e8e8').fillColor('black');
    let x = MARGIN;
    titles.forEach((title, index) => {
      const kind = current.columns[index]?.kind ?? 'text';
      const top = y + (current.rowHeight - current.fontSize) / 2;
      doc.text(title, x + PAD, top, { width: widths[index], align: RIGHT_ALIGNED.has(kind) ? 'right' : 'left', lineGap: 0 });
      x += current.widths[index] ?? 0;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.8)
      .strokeColor('#999999')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  };

  const landscapeFor = (columns: readonly ReportColumn[]) => columns.reduce((sum, column) => sum + WEIGHTS[column.kind], 0) > 12;

  /** Space for `height` points below, or a new page (repeating the table's head when `repeat`). */
  const room = (height: number, repeat: boolean) => {
    if (pages > 0 && doc.y + height <= bottom()) return;
    addPage(pages > 0 && doc.page.width > doc.page.height);
    if (repeat && table) tableHead(true);
  };

  const writeRow = (cells: readonly ReportCell[], bold: boolean) => {
    const current = table as Table;
    room(current.rowHeight, true);
    const kinds = current.columns.map((column) => column.kind);
    cellRow(
      current.columns.map((column, index) => cellText(cells[index] ?? null, column.kind, texts, numbers)),
      kinds,
      bold,
      null,
    );
    written += 1;
  };

  /** Writes the held-back row: bold when it ends a section with totals (`last`), plain when more rows follow. */
  const flushPending = (last: boolean) => {
    if (pending && table) {
      const totals = last && table.totals;
      writeRow(totals ? labelledTotals(pending, texts) : pending, totals);
    }
    pending = null;
  };

  const front = (landscape: boolean) => {
    addPage(landscape);
    doc
      .font('bold')
      .fontSize(16)
      .text(fit(options.title, doc.page.width - 2 * MARGIN), MARGIN, MARGIN, { lineBreak: false });
    doc.font('regular').fontSize(9);
    doc.text(texts.period, MARGIN, MARGIN + 24, { lineBreak: false });
    doc.text(texts.timezone, MARGIN, MARGIN + 36, { lineBreak: false });
    doc.x = MARGIN;
    doc.y = MARGIN + 58;
  };

  const settle = async () => {
    watch.check();
    while (doc.readableLength > BACKLOG_LIMIT) {
      await drained(output);
      await new Promise((resolve) => setImmediate(resolve));
      watch.check();
    }
  };

  return {
    async section(section) {
      flushPending(true);
      // The first table chooses the pages' orientation; later tables fit the page they start on.
      const landscape = pages === 0 ? landscapeFor(section.columns) : doc.page.width > doc.page.height;
      const pageWidth = (landscape ? 842 : 595) - 2 * MARGIN;
      const total = section.columns.reduce((sum, column) => sum + WEIGHTS[column.kind], 0) || 1;
      const fontSize = section.columns.length > 12 ? 6.5 : 8;
      table = {
        ...section,
        widths: section.columns.map((column) => (WEIGHTS[column.kind] / total) * pageWidth),
        fontSize,
        rowHeight: fontSize * 1.9,
      };
      if (pages === 0) front(landscape);
      else doc.y += table.rowHeight;
      // A title and header alone at a page's foot move to the next page with the first rows.
      room(table.rowHeight * 4, false);
      tableHead(false);
      await settle();
    },
    async rows(rows) {
      if (!table || rows.length === 0) return;
      flushPending(false);
      for (let index = 0; index < rows.length - 1; index += 1) writeRow(rows[index] ?? [], false);
      pending = rows[rows.length - 1] ?? null;
      await settle();
    },
    async progress() {},
    async end(outcome: ReportOutcome) {
      if (ended) return;
      ended = true;
      flushPending(true);
      if (pages === 0) front(false);
      if (outcome.empty || written === 0) {
        room(40, false);
        doc.y += 12;
        doc.font('regular').fontSize(11).text(texts.empty, MARGIN, doc.y, { lineBreak: false });
      }
      watch.check();
      watch.ending();
      const done = finished(output);
      doc.end();
      await done;
    },
  };
}
