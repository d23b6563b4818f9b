import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../src/http/rate-limit.js';

describe('the client a rate limit counts', () => {
  it('is the address itself for IPv4, however it is written', () => {
    expect(clientNetwork('192.0.2.7')).toBe('192.0.2.7');
    expect(clientNetwork('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('is the /64 network for IPv6, so one subscriber cannot multiply their tries', () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(clientNetwork('2001:db8:1:2::1'));
  });

  it('is still something to count when the address is missing or odd', () => {
    expect(clientNetwork(undefined)).toBe('unknown');
    expect(clientNetwork('not-an-address')).toBe('not-an-address');
  });
});
