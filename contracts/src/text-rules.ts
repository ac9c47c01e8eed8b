import { z } from 'zod';
import { MESSAGE_KEYS } from './errors.ts';

/**
 * The one rule for what a user may type into a text (docs/forms.md "Names and titles"). A name or a title — of a
 * device, a group, an operator, a rule, a report, a view, a task, a company, a user — is one line: it holds no
 * control character, because it lands in places that read one as structure (a line of a plain-text mail, a mail's
 * subject, a CSV row, a file name, a log line). A multi-line text (a description, an announcement's body) keeps its
 * line breaks and tabs and refuses the other controls. A refused text is `MESSAGE_KEYS.incorrect` on its field; a
 * text of whitespace alone (tabs and line breaks included) is blank instead, which the field's not-blank rule answers.
 */

/** C0 controls (TAB, LF and CR among them), DEL, C1 controls, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what the rule finds
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
/** The same, less the tab and the line breaks (LF, CR) a multi-line text keeps. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what the rule finds
const CONTROL_CHARACTER_IN_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/;

/** Whether `text` may be a name or a title: no control character anywhere (before any trimming). */
export function isSingleLineText(text: string): boolean {
  return !CONTROL_CHARACTER.test(text);
}

/** Whether `text` may be a multi-line text: line breaks and tabs, but no other control character. */
export function isMultiLineText(text: string): boolean {
  return !CONTROL_CHARACTER_IN_LINES.test(text);
}

/** Whether `text` is whitespace alone: blank, for the field's not-blank rule rather than the control rule. */
export function isBlankText(text: string): boolean {
  return text.trim() === '';
}

/**
 * A user-typed name or title in an input schema: a string with the single-line rule first (so a line break the
 * trimming would drop is refused too), then whatever the field adds: `nameText().trim().max(128)`.
 */
export function nameText() {
  return z.string().refine((text) => isBlankText(text) || isSingleLineText(text), { message: MESSAGE_KEYS.incorrect });
}

/** A user-typed multi-line text (a description, a body) in an input schema; chain the field's own checks. */
export function multiLineText() {
  return z.string().refine((text) => isBlankText(text) || isMultiLineText(text), { message: MESSAGE_KEYS.incorrect });
}
