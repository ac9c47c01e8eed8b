import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from './errors.ts';
import { duplicateRequestSchema } from './forms.ts';
import { announcementInputSchema } from './notifications.ts';
import { productionShiftInputSchema } from './production-shifts.ts';
import { displayLinkInputSchema } from './production-views.ts';
import { profileUpdateSchema } from './profile.ts';
import { supportMailRequestSchema } from './support.ts';
import { isMultiLineText, isSingleLineText, nameText } from './text-rules.ts';

/** C0 (TAB, LF, CR among them), DEL, C1 (NEL), and the Unicode line and paragraph separators. */
const CONTROLS = ['\u0000', '\u0007', '\t', '\n', '\u000b', '\u000c', '\r', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029'];

describe('isSingleLineText', () => {
  it.each(CONTROLS)('refuses %j anywhere in a name', (control) => {
    for (const text of [`a${control}b`, `${control}ab`, `ab${control}`]) expect(isSingleLineText(text)).toBe(false);
  });
  it('takes letters of every language, punctuation, emoji and formula characters (CSV defuses those)', () => {
    for (const text of ['Tokarka Łódź – żółw', 'Ēvele "A", nr 1', 'Станок №5', '=HYPERLINK("x")', 'Hall 🏭', ' padded '])
      expect(isSingleLineText(text)).toBe(true);
  });
});

describe('isMultiLineText', () => {
  it('keeps line breaks and tabs', () => {
    expect(isMultiLineText('first\nsecond\r\nthird\tcolumn')).toBe(true);
  });
  it.each(CONTROLS.filter((control) => !['\t', '\n', '\r'].includes(control)))('refuses %j', (control) => {
    expect(isMultiLineText(`a${control}b`)).toBe(false);
  });
});

describe('nameText in the input schemas', () => {
  const cases: [
    string,
    { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
    (name: string) => unknown,
    PropertyKey[],
  ][] = [
    ['a copy', duplicateRequestSchema, (name) => ({ name }), ['name']],
    ["an announcement's title", announcementInputSchema, (name) => ({ title: name, body: 'one\ntwo' }), ['title']],
    ['a production shift', productionShiftInputSchema, (name) => ({ name, timeStart: '06:00', timeEnd: '14:00' }), ['name']],
    ['a display link', displayLinkInputSchema, (label) => ({ label }), ['label']],
    ['a first name', profileUpdateSchema, (firstname) => ({ user: { firstname, lastname: 'Nowak' } }), ['user', 'firstname']],
    ['a last name', profileUpdateSchema, (lastname) => ({ user: { firstname: 'Anna', lastname } }), ['user', 'lastname']],
    ["a support mail's subject", supportMailRequestSchema, (subject) => ({ subject, content: 'one\ntwo' }), ['subject']],
  ];

  it.each(cases)('%s: a line break is the field incorrect, a clean name passes', (_what, schema, body, path) => {
    expect(schema.safeParse(body('Hall A')).success).toBe(true);
    const result = schema.safeParse(body('Hall A\n'));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path, message: MESSAGE_KEYS.incorrect }));
  });

  it('reads whitespace alone (tabs and line breaks included) as blank, for the not-blank rule', () => {
    expect(nameText().safeParse(' \t\n ').success).toBe(true);
    expect(
      nameText()
        .trim()
        .min(1)
        .safeParse(' \t ')
        .error?.issues.map((issue) => issue.code),
    ).toEqual(['too_small']);
  });

  it('checks before trimming, then lets the field trim and limit', () => {
    const schema = nameText().trim().max(5);
    expect(schema.safeParse(' abc ').data).toBe('abc');
    expect(schema.safeParse('abc\n').success).toBe(false);
  });
});
