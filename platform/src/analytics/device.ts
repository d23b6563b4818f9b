/**
 * The device class of a visit (desktop, mobile or tablet), with its browser and operating system
 * for later reports, from the User-Agent, read by ua-parser-js 1.x (MIT; 2.x is AGPL). Bots are
 * recognised by isbot and their views dropped.
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

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent.slice(0, MAX_USER_AGENT));
}

export function deviceOf(userAgent: string | undefined): Device {
  const result = new UAParser(userAgent?.slice(0, MAX_USER_AGENT) ?? '').getResult();
  const type = result.device.type;
  return {
    device: type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet' : 'desktop',
    browser: result.browser.name ?? null,
    os: result.os.name ?? null,
  };
}
