/**
 * The device class of a visit (desktop, mobile or tablet), with its browser and operating system
 * for later reports, from the User-Agent, read by ua-parser-js 1.x (MIT; 2.x is AGPL). Bots are
 * recognised by isbot and their views dropped.
 *
 * Both are costly (ua-parser-js tries hundreds of patterns, isbot one very large one: together
 * they were the biggest cost of a tracked view) while an audience sends few distinct User-Agents,
 * one per browser version and device model. So what each says of a User-Agent is kept in a
 * small LRU cache and read again for the next view of the same browser.
 */
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';

export type DeviceClass = 'desktop' | 'mobile' | 'tablet';

export interface Device {
  readonly device: DeviceClass;
  readonly browser: string | null;
  readonly os: string | null;
}

/** User-Agents longer than this are cut before they are read: nobody's browser sends one. */
const MAX_USER_AGENT = 512;
/** Distinct User-Agents remembered; at most ~300 KB (512-byte keys and their small results). */
export const USER_AGENT_CACHE_SIZE = 500;

interface UserAgentReading {
  readonly bot: boolean;
  readonly device: Device;
}

/**
 * A Map keeps insertion order: a hit is moved to the end, and when full the first entry, the
 * least recently read, is dropped.
 */
const readings = new Map<string, UserAgentReading>();

function read(userAgent: string): UserAgentReading {
  let reading = readings.get(userAgent);
  if (reading) {
    readings.delete(userAgent);
  } else {
    reading = { bot: isbot(userAgent), device: parseDevice(userAgent) };
    if (readings.size >= USER_AGENT_CACHE_SIZE) readings.delete(readings.keys().next().value!);
  }
  readings.set(userAgent, reading);
  return reading;
}

function parseDevice(userAgent: string): Device {
  const result = new UAParser(userAgent).getResult();
  const type = result.device.type;
  return {
    device: type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop',
    browser: result.browser.name ?? null,
    os: result.os.name ?? null,
  };
}

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || read(userAgent.slice(0, MAX_USER_AGENT)).bot;
}

export function deviceOf(userAgent: string | undefined): Device {
  return read(userAgent?.slice(0, MAX_USER_AGENT) ?? '').device;
}
