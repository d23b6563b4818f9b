import { onFirstUse } from '@cinefold/contracts';

/**
 * The months as `Intl.DateTimeFormat('en-US', { month: 'long' })` writes them. The long date is
 * written by hand: making the first DateTimeFormat loads the browser's locale data, 20-40 ms of a
 * phone's main thread in the middle of a title page's first render, for a format that never changes.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Past a week, "23 days ago" is harder to place than the date itself. */
const RELATIVE_LIMIT_MS = 7 * DAY_MS;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parse(value: string | Date): Date | null {
  if (typeof value === 'string') {
    // A release date is a day on the calendar, not an instant: read as UTC midnight, "2010-07-15"
    // would be written as July 14 anywhere west of Greenwich.
    const day = CALENDAR_DATE.exec(value.trim());
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** US long format, as the spec writes dates: "March 5, 2025"; empty for a missing or unreadable date. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = parse(value);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}` : '';
}

/** "just now", "5 minutes ago", "yesterday" within a week; the long date beyond that. */
export function formatRelativeDate(value: string | Date, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return '';
  const elapsed = now.getTime() - date.getTime();
  // A clock a little ahead of ours still reads as "just now", not "in 3 seconds".
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed >= RELATIVE_LIMIT_MS) return formatLongDate(date);
  if (elapsed < HOUR_MS) return relative().format(-Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return relative().format(-Math.floor(elapsed / HOUR_MS), 'hour');
  return relative().format(-Math.floor(elapsed / DAY_MS), 'day');
}
