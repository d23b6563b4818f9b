/**
 * The country of an address, as an ISO 3166 code, from the geo-whois-asn-country database of
 * `@ip-location-db` (CC0: public domain), which ships inside its npm package: nothing is fetched
 * at install or at run time, and no key is needed. Its ranges are loaded once, on first use
 * (about half a second), into typed arrays searched by bisection.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

export const UNKNOWN_COUNTRY = 'Unknown';

interface Ranges<T> {
  readonly starts: T;
  readonly ends: T;
  readonly countries: string[];
}

const requireFromHere = createRequire(import.meta.url);
const database = (file: string) =>
  readFileSync(requireFromHere.resolve(`@ip-location-db/geo-whois-asn-country/${file}`), 'latin1');

let v4: Ranges<Uint32Array> | undefined;
let v6: Ranges<BigUint64Array[]> | undefined;

/** `start,end,CC` lines: numbers for IPv4 (fit 32 bits), decimal 128-bit numbers for IPv6. */
function loadV4(): Ranges<Uint32Array> {
  const lines = database('geo-whois-asn-country-ipv4-num.csv').split('\n').filter(Boolean);
  const starts = new Uint32Array(lines.length);
  const ends = new Uint32Array(lines.length);
  const countries: string[] = new Array(lines.length);
  lines.forEach((line, i) => {
    const [start, end, country] = line.split(',');
    starts[i] = Number(start);
    ends[i] = Number(end);
    countries[i] = country!.trim();
  });
  return { starts, ends, countries };
}

const MASK64 = (1n << 64n) - 1n;

function loadV6(): Ranges<BigUint64Array[]> {
  const lines = database('geo-whois-asn-country-ipv6-num.csv').split('\n').filter(Boolean);
  const starts = [new BigUint64Array(lines.length), new BigUint64Array(lines.length)];
  const ends = [new BigUint64Array(lines.length), new BigUint64Array(lines.length)];
  const countries: string[] = new Array(lines.length);
  lines.forEach((line, i) => {
    const [start, end, country] = line.split(',');
    const s = BigInt(start!);
    const e = BigInt(end!);
    starts[0]![i] = s >> 64n;
    starts[1]![i] = s & MASK64;
    ends[0]![i] = e >> 64n;
    ends[1]![i] = e & MASK64;
    countries[i] = country!.trim();
  });
  return { starts, ends, countries };
}

/** Index of the last range starting at or before the address, or -1. */
function bisect(count: number, startsAtOrBefore: (i: number) => boolean): number {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (startsAtOrBefore(mid)) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

function countryOfV4(address: string): string {
  v4 ??= loadV4();
  const ranges = v4;
  const n = address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
  const i = bisect(ranges.starts.length, (j) => ranges.starts[j]! <= n);
  return i >= 0 && n <= ranges.ends[i]! ? ranges.countries[i]! : UNKNOWN_COUNTRY;
}

function countryOfV6(address: string): string {
  v6 ??= loadV6();
  const ranges = v6;
  const bytes = ipaddr.IPv6.parse(address).toByteArray();
  let high = 0n;
  let low = 0n;
  for (let b = 0; b < 8; b++) high = (high << 8n) | BigInt(bytes[b]!);
  for (let b = 8; b < 16; b++) low = (low << 8n) | BigInt(bytes[b]!);
  const [startHigh, startLow] = ranges.starts as [BigUint64Array, BigUint64Array];
  const [endHigh, endLow] = ranges.ends as [BigUint64Array, BigUint64Array];
  const atOrBefore = (h: bigint, l: bigint) => h < high || (h === high && l <= low);
  const i = bisect(startHigh.length, (j) => atOrBefore(startHigh[j]!, startLow[j]!));
  if (i < 0) return UNKNOWN_COUNTRY;
  const inside = endHigh[i]! > high || (endHigh[i] === high && endLow[i]! >= low);
  return inside ? ranges.countries[i]! : UNKNOWN_COUNTRY;
}

/** ISO code of the address's country, or "Unknown" (private ranges, unassigned, not an address). */
export function countryOf(address: string | undefined): string {
  if (!address) return UNKNOWN_COUNTRY;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return countryOfV4(mapped);
  if (isIPv4(address)) return countryOfV4(address);
  if (isIPv6(address)) return countryOfV6(address);
  return UNKNOWN_COUNTRY;
}
