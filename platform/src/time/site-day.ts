/**
 * The site's calendar days. Traffic is counted per day, an ad's date window is checked against
 * today and page views and beacons go to a stream per day, all in the site's time zone
 * (`SITE_TIME_ZONE`), not the server's: "today" on the dashboard, and the 31st a campaign ends on,
 * are the operator's, wherever the servers are.
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

/** `YYYY-MM-DD` of `at` in `timeZone` (an IANA name, e.g. Europe/Paris). */
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

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
