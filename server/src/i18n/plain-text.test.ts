import { describe, expect, it } from 'vitest';
import { CONTINUATION_INDENT, headerText, inlineText } from './plain-text.ts';

describe('inlineText', () => {
  it('turns every kind of line break into an indented continuation line', () => {
    for (const lineBreak of ['\n', '\r\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']) {
      expect(inlineText(`first${lineBreak}-- `), JSON.stringify(lineBreak)).toBe(`first\n${CONTINUATION_INDENT}-- `);
    }
  });
  it('leaves a one-line value as it is', () => {
    expect(inlineText('Tokarka Łódź\t#1')).toBe('Tokarka Łódź\t#1');
  });
});

describe('headerText', () => {
  it('writes a header on one line: line breaks and other controls become spaces', () => {
    expect(headerText('Help\r\nBcc: x@evil.example')).toBe('Help Bcc: x@evil.example');
    expect(headerText('a\nb\u2028c\u0000d\u0085e')).toBe('a b c d e');
  });
});
