import { type AdminAd, type SlotAd } from '@cinefold/contracts';
import { AdDisplayIds, DISPLAY_ID_LIFETIME_SECONDS, siteDay } from '@cinefold/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';
import { IMAGE_AD } from './support/ads.js';
import { callApi } from './support/api.js';

// Kiritimati is UTC+14: most hours of the day its date is not UTC's, so the date windows below
// show whether the site's day is the one the ads are checked against.
const TIME_ZONE = 'Pacific/Kiritimati';
const admin = { email: 'root@example.com', password: 'root-password-1' };
const JWT_SECRET = 'the ads test site’s secret, long enough';
const site = useSite('ads', {
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  SITE_TIME_ZONE: TIME_ZONE,
  JWT_SECRET,
});

let token = '';
beforeAll(async () => {
  token = await site.signIn(admin);
});

/** A call as the admin (`auth: false`: as a visitor). */
const call = <T = { message: string }>(
  method: string,
  path: string,
  options: { auth?: boolean; body?: unknown; position?: string | null } = {},
) =>
  callApi<T>(site.url, method, path, {
    token: options.auth === false ? null : token,
    body: options.body,
    after: options.position,
  });

const imageAd = { ...IMAGE_AD, embedCode: '<script>left over from the network tab</script>' };

async function create(ad: object): Promise<string> {
  const reply = await call<{ id: string }>('POST', '/admin/ads', { body: ad });
  expect(reply.status).toBe(201);
  return reply.body.id;
}
const adminList = (position?: string | null) => call<AdminAd[]>('GET', '/admin/ads', { position });
const slotAds = async (position: string) => {
  const reply = await call<SlotAd[]>('GET', `/ads?position=${position}`, { auth: false });
  expect(reply.status).toBe(200);
  return reply.body;
};
const slot = async (position: string) => (await slotAds(position)).map((ad) => ad.title);
/** Waits until the public read models have the admin's last change: the admin's own read waits for it. */
const settled = () => adminList();

/** A display id for the ad, as its slot's answer gives it. */
async function issued(id: string): Promise<string> {
  const ad = (await adminList()).body.find((each) => each.id === id)!;
  return (await slotAds(ad.position)).find((each) => each.id === id)!.displayId;
}
/** A guest's beacon: the spec's, with no body, or with a display id. */
const beacon = (id: string, kind: string, displayId?: string) =>
  call('POST', `/ads/${id}/${kind}`, {
    auth: false,
    ...(displayId === undefined ? {} : { body: { displayId } }),
  });
/** The ad's counters as the back office reads them. */
async function countersOf(id: string) {
  const ad = (await adminList()).body.find((each) => each.id === id)!;
  return { impressions: ad.impressions, viewableImpressions: ad.viewableImpressions, clicks: ad.clicks };
}
/** A guest's beacon answers no position to wait for: the counters are polled until they show it. */
const eventually = (id: string) => expect.poll(() => countersOf(id), { timeout: 5000 });

describe('an admin managing ads', () => {
  it('creates an ad, finds it in the list with zero counters, and sees it in its slot', async () => {
    const id = await create(imageAd);
    const list = await adminList();
    expect(list.status).toBe(200);
    expect(list.body.find((ad) => ad.id === id)).toMatchObject({
      ...imageAd,
      id,
      // Saved as an image ad: no provider, no embed code; empty dates are no dates.
      provider: null,
      embedCode: '',
      startDate: null,
      endDate: null,
      impressions: 0,
      viewableImpressions: 0,
      clicks: 0,
    });
    expect(await slot('home-hero')).toContain('Spring sale');
  });

  it('switches an ad off by sending it back whole with the flag flipped, and its slot stops showing it', async () => {
    const id = await create({ ...imageAd, title: 'Toggled', position: 'home-mid' });
    const whole = (await adminList()).body.find((ad) => ad.id === id)!;
    const reply = await call<AdminAd>('PUT', `/admin/ads/${id}`, { body: { ...whole, active: false } });
    expect(reply.status).toBe(200);
    expect(reply.position).not.toBeNull();
    expect((await adminList()).body.find((ad) => ad.id === id)).toMatchObject({
      active: false,
      title: 'Toggled',
    });
    expect(await slot('home-mid')).not.toContain('Toggled');
  });

  it('moves an ad to another slot', async () => {
    const id = await create({ ...imageAd, title: 'Mover', position: 'movies-top' });
    await call('PUT', `/admin/ads/${id}`, {
      body: { ...imageAd, title: 'Mover', position: 'action-movies-top' },
    });
    await settled();
    expect(await slot('movies-top')).not.toContain('Mover');
    expect(await slot('action-movies-top')).toContain('Mover');
  });

  it('deletes an ad, which then is gone from the list, its slot, and cannot be changed or deleted again', async () => {
    const id = await create({ ...imageAd, title: 'Doomed', position: 'tv-top' });
    expect((await call('DELETE', `/admin/ads/${id}`)).status).toBe(200);
    expect((await adminList()).body.map((ad) => ad.id)).not.toContain(id);
    expect(await slot('tv-top')).not.toContain('Doomed');
    expect(await call('PUT', `/admin/ads/${id}`, { body: imageAd })).toEqual(
      expect.objectContaining({ status: 404, body: { message: 'Ad not found' } }),
    );
    expect((await call('DELETE', `/admin/ads/${id}`)).status).toBe(404);
    expect((await call('DELETE', '/admin/ads/no-such-ad')).body).toEqual({ message: 'Ad not found' });
  });

  it('is refused with a message naming the field as the form labels it for every rule, and nothing is stored', async () => {
    const before = (await adminList()).body.length;
    const cases: [object, string][] = [
      [{ ...imageAd, title: '' }, 'Title is required.'],
      [{ ...imageAd, imageUrl: '' }, 'Image URL is required for an image ad.'],
      [{ ...imageAd, imageUrl: 'not a url' }, 'Image URL must be an http or https address.'],
      [
        { ...imageAd, linkUrl: 'javascript:alert(document.cookie)' },
        'Link URL must be an http or https address.',
      ],
      [{ ...imageAd, type: 'network', embedCode: ' ' }, 'Embed code is required for a network ad.'],
      [
        { ...imageAd, type: 'network', embedCode: 'x'.repeat(20_001) },
        'Embed code must be at most 20000 characters.',
      ],
      [{ ...imageAd, type: 'video' }, 'Type must be image or network.'],
      [{ ...imageAd, provider: 'someone' }, 'Provider must be evadav, ad-maven or custom.'],
      [{ ...imageAd, position: 'footer' }, 'Position must be one of the site’s ad slots.'],
      [{ ...imageAd, active: 'yes' }, 'Active must be true or false.'],
      [{ ...imageAd, startDate: '01/03/2025' }, 'Start date must be a date (YYYY-MM-DD).'],
      [
        { ...imageAd, startDate: '2025-03-02', endDate: '2025-03-01' },
        'The end date must not be before the start date.',
      ],
    ];
    for (const [body, message] of cases) {
      expect(await call('POST', '/admin/ads', { body }), message).toEqual(
        expect.objectContaining({ status: 400, body: { message } }),
      );
    }
    const id = await create({ ...imageAd, title: 'Valid' });
    expect((await call('PUT', `/admin/ads/${id}`, { body: { ...imageAd, title: ' ' } })).body).toEqual({
      message: 'Title is required.',
    });
    expect((await adminList()).body).toHaveLength(before + 1);
  });

  it('keeps a network ad’s provider and embed code', async () => {
    const id = await create({
      ...imageAd,
      type: 'network',
      imageUrl: '',
      provider: 'ad-maven',
      embedCode: '<b>ad</b>',
    });
    expect((await adminList()).body.find((ad) => ad.id === id)).toMatchObject({
      type: 'network',
      provider: 'ad-maven',
      embedCode: '<b>ad</b>',
    });
  });
});

describe('a slot', () => {
  it('shows only active ads whose date window holds today in the site’s time zone', async () => {
    const today = siteDay(TIME_ZONE);
    const day = (offset: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const position = 'details-sidebar';
    await create({ ...imageAd, position, title: 'Today only', startDate: today, endDate: today });
    await create({ ...imageAd, position, title: 'Open ended', startDate: day(-3) });
    await create({ ...imageAd, position, title: 'Ended yesterday', endDate: day(-1) });
    await create({ ...imageAd, position, title: 'Starts tomorrow', startDate: day(1) });
    await create({ ...imageAd, position, title: 'Off', active: false });
    await settled();
    expect((await slot(position)).sort()).toEqual(['Open ended', 'Today only']);
    // The back office reads where today stands against each window.
    const listed = (await adminList()).body;
    const scheduleOf = (title: string) => listed.find((ad) => ad.title === title)?.schedule;
    expect(['Today only', 'Open ended', 'Ended yesterday', 'Starts tomorrow', 'Off'].map(scheduleOf)).toEqual(
      ['running', 'running', 'expired', 'scheduled', 'running'],
    );
  });

  it('gives each ad of an answer a display id of its own, new in every answer', async () => {
    const position = 'details-top';
    await create({ ...imageAd, position, title: 'One' });
    await create({ ...imageAd, position, title: 'Two' });
    await settled();
    const first = await slotAds(position);
    const second = await slotAds(position);
    const ids = [...first, ...second].map((ad) => ad.displayId);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.map(({ displayId: _, ...ad }) => ad)).toEqual(first.map(({ displayId: _, ...ad }) => ad));
  });

  it('answers an empty list for a slot with no ads, and 400 for a slot that does not exist', async () => {
    expect(await slot('details-bottom')).toEqual([]);
    expect(await call('GET', '/ads?position=footer', { auth: false })).toEqual(
      expect.objectContaining({
        status: 400,
        body: { message: 'Position must be one of the site’s ad slots.' },
      }),
    );
    expect((await call('GET', '/ads', { auth: false })).status).toBe(400);
  });
});

describe('a network ad’s frame', () => {
  it('is a page of its own with the embed code, sandboxed by its own policy without the site’s origin', async () => {
    const embedCode = '<script>parent.location = "https://evil.example"; document.cookie</script>';
    const id = await create({ ...imageAd, type: 'network', imageUrl: '', provider: 'evadav', embedCode });
    await settled();
    const response = await fetch(`${site.url}/api/ads/${id}/frame`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain('sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox;');
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).not.toContain('allow-top-navigation');
    expect(await response.text()).toContain(`<body>${embedCode}</body>`);
  });

  it('is not found for an image ad, a deleted ad or an unknown one', async () => {
    const image = await create({ ...imageAd, title: 'Picture' });
    const network = await create({ ...imageAd, type: 'network', embedCode: '<i>x</i>' });
    await call('DELETE', `/admin/ads/${network}`);
    await settled();
    for (const id of [image, network, 'no-such-ad']) {
      expect(await call('GET', `/ads/${id}/frame`, { auth: false })).toEqual(
        expect.objectContaining({ status: 404, body: { message: 'Ad not found' } }),
      );
    }
  });
});

describe('the beacons of a slot', () => {
  it('count the spec’s beacon, with no body, each time it is sent', async () => {
    const id = await create({ ...imageAd, title: 'Plain', position: 'global-bottom' });
    await settled();
    for (const kind of ['impression', 'impression', 'viewable-impression', 'click', 'click', 'click']) {
      expect((await beacon(id, kind)).status).toBe(204);
    }
    await eventually(id).toEqual({ impressions: 2, viewableImpressions: 1, clicks: 3 });
  });

  it('count an impression, a viewable impression and a click once per display id, however often sent', async () => {
    const id = await create({ ...imageAd, title: 'Counted', position: 'global-bottom' });
    await settled();
    const first = await issued(id);
    const second = await issued(id);
    for (const kind of ['impression', 'impression', 'viewable-impression', 'click', 'click']) {
      expect((await beacon(id, kind, first)).status).toBe(204);
    }
    expect((await beacon(id, 'impression', second)).status).toBe(204);
    await eventually(id).toEqual({ impressions: 2, viewableImpressions: 1, clicks: 1 });
  });

  it('count a display’s click and viewable impression only after its impression', async () => {
    const id = await create({ ...imageAd, title: 'Clicked first', position: 'global-bottom' });
    await settled();
    const display = await issued(id);
    expect((await beacon(id, 'click', display)).status).toBe(204);
    expect((await beacon(id, 'viewable-impression', display)).status).toBe(204);
    expect((await beacon(id, 'impression', display)).status).toBe(204);
    await eventually(id).toEqual({ impressions: 1, viewableImpressions: 0, clicks: 0 });
    expect((await beacon(id, 'click', display)).status).toBe(204);
    await eventually(id).toEqual({ impressions: 1, viewableImpressions: 0, clicks: 1 });
  });

  it('count a display id past its lifetime as a beacon without one', async () => {
    const id = await create({ ...imageAd, title: 'Left open', position: 'global-bottom' });
    await settled();
    const old = new AdDisplayIds(JWT_SECRET).issue(
      id,
      Date.now() - (DISPLAY_ID_LIFETIME_SECONDS + 60) * 1000,
    );
    for (const kind of ['impression', 'impression', 'click']) {
      expect((await beacon(id, kind, old)).status).toBe(204);
    }
    await eventually(id).toEqual({ impressions: 2, viewableImpressions: 0, clicks: 1 });
    const events = await site.running.store!.readStream(`ad-beacons-${siteDay(TIME_ZONE)}`);
    expect(
      events.filter((event) => (event.data as { adId: string }).adId === id).map((event) => event.data),
    ).toEqual([{ adId: id }, { adId: id }, { adId: id }]);
  });

  it('sent together by many visitors are all counted: the counters equal the beacons answered', async () => {
    const id = await create({ ...imageAd, title: 'Busy', position: 'global-bottom' });
    await settled();
    const replies = await Promise.all(Array.from({ length: 200 }, () => beacon(id, 'impression')));
    expect(replies.every((reply) => reply.status === 204)).toBe(true);
    await eventually(id).toMatchObject({ impressions: 200 });
  });

  it('are kept in the stream of the day in the site’s time zone, each with its ad, display and what happened', async () => {
    const id = await create({ ...imageAd, title: 'Streamed', position: 'global-bottom' });
    await settled();
    const display = await issued(id);
    const day = siteDay(TIME_ZONE);
    expect((await beacon(id, 'impression', display)).status).toBe(204);
    expect((await beacon(id, 'click', display)).status).toBe(204);
    expect((await beacon(id, 'click')).status).toBe(204);
    const events = await site.running.store!.readStream(`ad-beacons-${day}`);
    expect(
      events
        .filter((event) => (event.data as { adId: string }).adId === id)
        .map(({ type, data }) => ({ type, data })),
    ).toEqual([
      { type: 'AdImpressionRecorded', data: { adId: id, displayId: display } },
      { type: 'AdClicked', data: { adId: id, displayId: display } },
      { type: 'AdClicked', data: { adId: id } },
    ]);
  });

  it('answer a guest without the store’s position, and a member with the position of their beacon', async () => {
    const id = await create({ ...imageAd, title: 'Positions', position: 'global-bottom' });
    await settled();
    const guest = await beacon(id, 'impression');
    expect(guest).toMatchObject({ status: 204, position: null });
    const member = await call('POST', `/ads/${id}/impression`);
    expect(member.status).toBe(204);
    expect(member.position).toMatch(/^\d/);
  });

  it('are refused with 404 and counted nowhere for an ad no slot serves: unknown, deleted, switched off or outside its dates', async () => {
    const today = siteDay(TIME_ZONE);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const deleted = await create({ ...imageAd, title: 'Deleted', position: 'global-bottom' });
    const display = await issued(deleted);
    await call('DELETE', `/admin/ads/${deleted}`);
    const off = await create({ ...imageAd, title: 'Off', position: 'global-bottom', active: false });
    const later = await create({
      ...imageAd,
      title: 'Later',
      position: 'global-bottom',
      startDate: tomorrow,
    });
    const ended = await create({
      ...imageAd,
      title: 'Ended',
      position: 'global-bottom',
      endDate: '2020-01-31',
    });
    await settled();
    const before = await site.running.store!.readStream(`ad-beacons-${today}`);
    for (const [id, displayId] of [
      [deleted, display],
      [deleted, undefined],
      ['no-such-ad', undefined],
      [off, undefined],
      [later, undefined],
      [ended, undefined],
    ] as const) {
      for (const kind of ['impression', 'viewable-impression', 'click']) {
        expect(await beacon(id, kind, displayId), `${id} ${kind}`).toEqual(
          expect.objectContaining({ status: 404, body: { message: 'Ad not found' } }),
        );
      }
    }
    expect(await site.running.store!.readStream(`ad-beacons-${today}`)).toHaveLength(before.length);
    for (const id of [off, later, ended]) {
      expect(await countersOf(id)).toEqual({ impressions: 0, viewableImpressions: 0, clicks: 0 });
    }
  });

  it('are refused with 400 for a display id GET /ads did not give for the ad', async () => {
    const id = await create({ ...imageAd, title: 'Forged', position: 'global-bottom' });
    const other = await create({ ...imageAd, title: 'Other', position: 'global-bottom' });
    await settled();
    const refused = { status: 400, body: { message: 'displayId was not given by GET /ads for this ad.' } };
    expect(await beacon(id, 'impression', await issued(other))).toEqual(expect.objectContaining(refused));
    expect(await beacon(id, 'impression', 'x'.repeat(32))).toEqual(expect.objectContaining(refused));
    expect(await beacon(id, 'impression', 'display-0001')).toEqual(
      expect.objectContaining({
        status: 400,
        body: { message: 'displayId must be a display id given by GET /ads.' },
      }),
    );
    expect(await countersOf(id)).toEqual({ impressions: 0, viewableImpressions: 0, clicks: 0 });
  });

  it('are refused with 429 when one client clicks more than 60 times a minute, its impressions still counted', async () => {
    const id = await create({ ...imageAd, title: 'Clicked a lot', position: 'global-bottom' });
    await settled();
    const replies = await Promise.all(Array.from({ length: 70 }, () => beacon(id, 'click')));
    const statuses = replies.map((reply) => reply.status);
    // The clicks of the tests above count too: at most 60 pass, the rest are refused.
    expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(60);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    expect(replies.find((reply) => reply.status === 429)).toEqual(
      expect.objectContaining({
        body: { message: 'Too many ad clicks from your network. Please wait a minute.' },
      }),
    );
    expect((await beacon(id, 'impression')).status).toBe(204);
  });

  it('are refused with 429 when one client sends more than 600 impressions a minute, never with a server error', async () => {
    const id = await create({ ...imageAd, title: 'Hammered', position: 'global-bottom' });
    await settled();
    const statuses = new Map<number, number>();
    for (let round = 0; round < 13; round++) {
      const replies = await Promise.all(Array.from({ length: 50 }, () => beacon(id, 'impression')));
      for (const { status } of replies) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // The beacons of the tests above count too: at most 600 pass, the rest are refused.
    expect([...statuses.keys()].sort()).toEqual([204, 429]);
    expect(statuses.get(204)).toBeLessThanOrEqual(600);
    expect(statuses.get(429)).toBeGreaterThanOrEqual(50);
    const refused = await beacon(id, 'viewable-impression');
    expect(refused).toEqual(
      expect.objectContaining({
        status: 429,
        body: { message: 'Too many ad reports from your network. Please wait a minute.' },
      }),
    );
  }, 60_000);
});
