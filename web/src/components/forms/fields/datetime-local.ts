// The browser's datetime-local input speaks local wall-clock text ('2025-03-30T14:05'); the form protocol speaks ISO
// instants. These convert between them in the browser's zone.

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as datetime-local text in this browser's zone; '' for none or an unreadable value. */
export function toLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** datetime-local text (a local time) as an ISO instant; null when empty or incomplete. */
export function fromLocalInput(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  // Without a zone, Date reads date-time text as local time, which is what the input shows.
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
