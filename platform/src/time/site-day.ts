/**
 * The site's calendar day. An ad's date window and the day stream of its beacons follow the
 * site's time zone (`SITE_TIME_ZONE`), not the server's: a campaign that ends on the 31st ends
 * at midnight where the site is run, wherever its servers are.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD` of `at` in `timeZone` (an IANA name, e.g. Europe/Paris). */
export function siteDay(at: Date, timeZone: string): string {
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
  return format.format(at);
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
