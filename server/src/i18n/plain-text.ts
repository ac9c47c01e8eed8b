/**
 * Text a person typed (a name, a description) inside a plain-text mail, written so it cannot pass for the mail's own
 * lines (issue 31 item 6). Names and titles cannot hold a line break any more (contracts' text rules), but rows from
 * before that rule, and multi-line texts such as a rule's description, still reach mails: their line breaks become
 * continuation lines, indented under the line they belong to, so a "line" of a description never starts at the
 * margin where the mail's own lines (a link, the signature's `-- `) are. Headers (the subject, the recipient's
 * name) are one line.
 */

/** Every way a text breaks a line: CRLF, LF, CR, vertical tab, form feed, NEL and the Unicode separators. */
// eslint-disable-next-line no-control-regex -- vertical tab and form feed break lines too
const LINE_BREAK = /\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029]/g;
/** C0 controls, DEL and C1 controls: none has a place in a header. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/** How a continuation line of a value is indented in a mail's body. */
export const CONTINUATION_INDENT = '    ';

/** A value inside a line of a body: its own line breaks start indented continuation lines. */
export function inlineText(value: string): string {
  return value.replace(LINE_BREAK, `\n${CONTINUATION_INDENT}`);
}

/** A header's value: one line, every control character (line breaks included) a space. */
export function headerText(value: string): string {
  return value.replace(/\r\n/g, ' ').replace(CONTROL_CHARACTER, ' ');
}
