/**
 * The site's calendar days. Traffic is counted per day, an ad's date window is checked against
 * today and page views and beacons go to a stream per day, all in the site's time zone
 * (`SITE_TIME_ZONE`), not the server's: "today" on the dashboard, and the 31st a campaign ends on,
 * are the operator's, wherever the servers are.
 */
/** One formatter a zone, made when the zone is first asked for: making one costs far more than using it. */
function formatterByZone(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): (timeZone: string) => Intl.DateTimeFormat {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = made.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      made.set(timeZone, format);
    }
    return format;
  };
}

// en-CA writes dates as YYYY-MM-DD.
const formatOf = formatterByZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last day written in each zone, and the minute it was asked for. */
const lastDays = new Map<string, { minute: number; day: string }>();

/**
 * `YYYY-MM-DD` of `at` in `timeZone` (an IANA name, e.g. Europe/Paris). Every page view and
 * beacon asks for today's: the day of a minute is written once, since no zone's day changes
 * within a minute (their offsets are whole minutes).
 */
export function siteDay(timeZone: string, at: Date = new Date()): string {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = formatOf(timeZone).format(at);
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** The day `count` days after `day` (before it when negative), both `YYYY-MM-DD`. */
export function daysAfter(day: string, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + count)).toISOString().slice(0, 10);
}

/** The `count` days ending with `lastDay` (`YYYY-MM-DD`), oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => daysAfter(lastDay, i - count + 1));
}

const clockOf = formatterByZone('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** How far `timeZone` is ahead of UTC at `at`, in ms. */
function offsetAt(timeZone: string, at: number): number {
  const clock = clockOf(timeZone);
  const parts = Object.fromEntries(clock.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const local = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return local - (at - (at % 1000));
}

/** The instant (ms) `day` (`YYYY-MM-DD`) starts in `timeZone`. */
export function startOfDay(timeZone: string, day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date);
  // Twice: the offset at local midnight can differ from the one at UTC midnight around a change.
  const first = midnight - offsetAt(timeZone, midnight);
  return midnight - offsetAt(timeZone, first);
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
