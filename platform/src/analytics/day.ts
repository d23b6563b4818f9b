/**
 * The site's days: traffic is counted per calendar day of the site's time zone
 * (`SITE_TIME_ZONE`), so "today" on the dashboard is the operator's today, not UTC's.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** `YYYY-MM-DD` of `at` in `timeZone`. */
export function siteDay(timeZone: string, at: Date = new Date()): string {
  return formatOf(timeZone).format(at);
}

/** The `count` days ending with `lastDay` (`YYYY-MM-DD`), oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
  const days: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    days.push(new Date(Date.UTC(year, month - 1, day - back)).toISOString().slice(0, 10));
  }
  return days;
}
