/** Wire timestamps of the ingest payloads: ISO-8601 with a zone, or integer epoch milliseconds. */

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/** The number written by `count` ASCII digits at `at`, or -1 when one of them is not a digit. */
function digits(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    n = n * 10 + c;
  }
  return n;
}

const CHAR = { dash: 45, colon: 58, dot: 46, T: 84, Z: 90, plus: 43 } as const;

/** Offset in minutes of `Z` or `±hh:mm` ending the text at `at`; NaN when the rest of the text is not a zone. */
function zoneOffsetMinutes(text: string, at: number): number {
  const sign = text.charCodeAt(at);
  if (sign === CHAR.Z) return at + 1 === text.length ? 0 : Number.NaN;
  if ((sign !== CHAR.plus && sign !== CHAR.dash) || at + 6 !== text.length || text.charCodeAt(at + 3) !== CHAR.colon) return Number.NaN;
  const hours = digits(text, at + 1, 2);
  const minutes = digits(text, at + 4, 2);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) return Number.NaN;
  return (sign === CHAR.dash ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * Epoch milliseconds of `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±hh:mm)`, the form zod's `z.iso.datetime({offset: true})`
 * accepts (a real calendar day, seconds required); NaN otherwise. Read character by character: a regular
 * expression plus Date.parse costs several times more, paid up to 50,000 times per batch. Digits beyond
 * milliseconds are cut, as Date does.
 */
export function parseIsoTimestamp(text: string): number {
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const separators =
    text.charCodeAt(4) === CHAR.dash &&
    text.charCodeAt(7) === CHAR.dash &&
    text.charCodeAt(10) === CHAR.T &&
    text.charCodeAt(13) === CHAR.colon &&
    text.charCodeAt(16) === CHAR.colon;
  if (!separators || year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return Number.NaN;
  let at = 19;
  let millis = 0;
  if (text.charCodeAt(at) === CHAR.dot) {
    const fractionStart = ++at;
    while (at < text.length && digits(text, at, 1) >= 0) at++;
    if (at === fractionStart) return Number.NaN;
    for (let i = 0; i < 3; i++) millis = millis * 10 + (fractionStart + i < at ? text.charCodeAt(fractionStart + i) - 48 : 0);
  }
  const offset = zoneOffsetMinutes(text, at);
  if (Number.isNaN(offset)) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
}

/** Epoch milliseconds of a wire timestamp, or NaN when it is not one. */
export function parseTimestamp(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number.NaN;
  return typeof value === 'string' ? parseIsoTimestamp(value) : Number.NaN;
}
