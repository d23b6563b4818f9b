import { readModelKeys } from '@cinefold/platform';
import { CONTACT_MESSAGES } from '@cinefold/read-models';
import { Redis } from 'ioredis';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, callApi, signInByApi } from './support/accounts.js';
import { linksIn, pathnameOf } from './support/page-helpers.js';
import { useSiteSession } from './support/session.js';

const site = useSiteSession();

const QUESTIONS = [
  'How do I create an account?',
  'How do I reset my password?',
  'Why will a video not play?',
  'How do favorites and the watchlist work?',
  'What is my watch history?',
  'Why are there ads?',
];

/** Today as the spec writes dates ("March 5, 2025"), as the browser on this machine sees it. */
const today = () =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());

async function open(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

function metaDescription(page: Page): Promise<string | null> {
  return page.locator('meta[name="description"]').last().getAttribute('content');
}

function questionButtons(page: Page) {
  return page.getByRole('region', { name: 'Frequently asked questions' }).getByRole('button');
}

function contactField(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

async function fillContactForm(
  page: Page,
  message: { name: string; email: string; subject: string; message: string },
): Promise<void> {
  await contactField(page, 'Name').fill(message.name);
  await contactField(page, 'Email').fill(message.email);
  await contactField(page, 'Subject').fill(message.subject);
  await contactField(page, 'Message').fill(message.message);
}

async function adminToken(): Promise<string> {
  const { email, password } = ADMIN;
  const answer = await callApi(site.url, 'POST', '/auth/login', { body: { email, password } });
  return (answer.body as { token: string }).token;
}

async function contactFieldValues(page: Page): Promise<string[]> {
  return Promise.all(
    ['Name', 'Email', 'Subject', 'Message'].map((label) => contactField(page, label).inputValue()),
  );
}

describe('the help center', () => {
  it('shows the six questions, the popular topics and a way to contact support', async () => {
    const page = await site.newPage();
    await open(page, '/help-center', 'Help Center');

    expect(await page.title()).toBe('Help Center · Cinefold');
    expect(await metaDescription(page)).toMatch(/account, playback/);
    expect(await questionButtons(page).allTextContents()).toEqual(QUESTIONS);
    expect(
      await page.getByRole('region', { name: 'Popular Topics' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Account & Security', 'Playback & Streaming', 'My Library', 'Ads']);
    expect(await linksIn(page.getByRole('region', { name: 'Popular Topics' }))).toEqual([]);

    await page.getByRole('main').getByRole('link', { name: 'Contact Support' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
  });

  it('answers the questions in the site’s own words', async () => {
    const page = await site.newPage();
    await open(page, '/help-center', 'Help Center');
    const answers: Record<string, RegExp> = {
      'How do I create an account?': /Sign Up .* at least 6 characters/,
      'How do I reset my password?': /Forgot Password on the login screen/,
      'Why will a video not play?': /Server 1 and Server 2 .* internet connection, and disable ad blockers/,
      'How do favorites and the watchlist work?':
        /Add to Favorites \(the heart\).*Add to Watchlist \(the bookmark\)/,
      'What is my watch history?': /every movie or TV show you open is recorded/,
      'Why are there ads?': /few fixed places .* most of them have a close button/,
    };
    for (const [question, answer] of Object.entries(answers)) {
      const trigger = page.getByRole('button', { name: question });
      await trigger.click();
      const body = page.getByRole('region', { name: question });
      await body.waitFor();
      expect(await body.textContent(), question).toMatch(answer);
    }
  });

  it('keeps one answer open at a time, and closes it when its question is clicked again', async () => {
    const page = await site.newPage();
    await open(page, '/help-center', 'Help Center');
    const first = page.getByRole('button', { name: QUESTIONS[0] });
    const second = page.getByRole('button', { name: QUESTIONS[1] });
    expect(
      await questionButtons(page).evaluateAll((all) => all.map((b) => b.getAttribute('aria-expanded'))),
    ).toEqual(QUESTIONS.map(() => 'false'));

    await first.click();
    await page.getByRole('region', { name: QUESTIONS[0] }).waitFor();
    expect(await first.getAttribute('aria-expanded')).toBe('true');

    await second.click();
    await page.getByRole('region', { name: QUESTIONS[1] }).waitFor();
    await page.getByRole('region', { name: QUESTIONS[0] }).waitFor({ state: 'hidden' });
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await second.getAttribute('aria-expanded')).toBe('true');

    await second.click();
    await page.getByRole('region', { name: QUESTIONS[1] }).waitFor({ state: 'hidden' });
    expect(await second.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters the questions by question or answer text, whatever the case, and says when nothing matches', async () => {
    const page = await site.newPage();
    await open(page, '/help-center', 'Help Center');
    const search = page.getByPlaceholder('Search for help...');

    await search.fill('PASSWORD');
    await expect.poll(() => questionButtons(page).allTextContents()).toEqual(QUESTIONS.slice(0, 2));

    await search.fill('bookmark');
    await expect.poll(() => questionButtons(page).allTextContents()).toEqual([QUESTIONS[3]]);

    await search.fill('refund policy');
    await page.getByText('No results found').waitFor();
    expect(await questionButtons(page).count()).toBe(0);

    await search.fill('');
    await expect.poll(() => questionButtons(page).allTextContents()).toEqual(QUESTIONS);
    expect(await page.getByText('No results found').count()).toBe(0);
  });
});

describe('the terms and the privacy policy', () => {
  it('show the seven sections of the terms with today as the effective date', async () => {
    const page = await site.newPage();
    await open(page, '/terms', 'Terms of Service');

    expect(await page.title()).toBe('Terms of Service · Cinefold');
    expect(await metaDescription(page)).toMatch(/terms/);
    expect(await page.getByText(/^Effective date: /).textContent()).toBe(`Effective date: ${today()}`);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      '1. Acceptance of Terms',
      '2. User Accounts',
      '3. Content',
      '4. Prohibited Conduct',
      '5. Termination',
      '6. Changes to These Terms',
      '7. Contact',
    ]);
    await page.getByRole('main').getByRole('link', { name: 'Contact page' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
  });

  it('show the six sections of the privacy policy, describing the cookieless counting and the stored token', async () => {
    const page = await site.newPage();
    await open(page, '/privacy', 'Privacy Policy');

    expect(await page.title()).toBe('Privacy Policy · Cinefold');
    expect(await metaDescription(page)).toMatch(/cookieless/);
    expect(await page.getByText(/^Effective date: /).textContent()).toBe(`Effective date: ${today()}`);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      '1. Information We Collect',
      '2. How We Use Information',
      '3. Cookies and Local Storage',
      '4. Sharing of Information',
      '5. Your Rights',
      '6. Changes to This Policy',
    ]);
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).toMatch(
      /a hash of a random daily value, your network \(IP\) address and your browser's User-Agent/,
    );
    expect(text).toMatch(/IP address and User-Agent themselves are never stored/);
    expect(text).toMatch(/deleted after two days/);
    expect(text).toMatch(/Cinefold sets no cookies/);
    expect(text).toMatch(/local storage keeps your sign-in token/);
    expect(text).toMatch(/video players are embedded from third-party streaming providers/);
    expect(text).toMatch(/We do not sell your personal data/);

    await page
      .getByRole('region', { name: '5. Your Rights' })
      .getByRole('link', { name: 'Contact page' })
      .click();
    await page.waitForURL((url) => url.pathname === '/contact');
  });
});

describe('the admin inbox', () => {
  it('is in the back office navigation, not indexed, and says when there are no messages yet', async () => {
    const page = await site.newPage();
    await signInByApi(page, site.url, ADMIN);
    await page.goto(`${site.url}/admin`);
    await page
      .getByRole('navigation', { name: 'Admin' })
      .filter({ visible: true })
      .getByRole('link', { name: 'Messages' })
      .click();
    await page.waitForURL((url) => url.pathname === '/admin/messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();

    await page.getByText('No messages yet.').waitFor();
    expect(await page.title()).toBe('Messages · Admin · Cinefold');
    expect(
      await page.locator('meta[name="robots"][content="noindex,nofollow"]:not([data-server])').count(),
    ).toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: 'Message pages' }).count()).toBe(0);
  });

  it('says the messages could not be loaded when the request fails, and loads them on Try again', async () => {
    const page = await site.newPage();
    await signInByApi(page, site.url, ADMIN);
    await page.route('**/api/admin/messages*', (route) => route.abort('connectionrefused'));
    await page.goto(`${site.url}/admin/messages`);

    await page.getByRole('alert').filter({ hasText: 'Failed to load messages' }).waitFor();
    await page.unroute('**/api/admin/messages*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No messages yet.').waitFor();
  });

  it('shows the newest twenty messages, and the older ones on the next page', async () => {
    // Stages 21 old messages in the inbox's read model: a visitor may send only twenty in ten minutes.
    const redis = new Redis(site.redisUrl);
    const generation = Number(await redis.get(readModelKeys.active(CONTACT_MESSAGES.projector)));
    expect(generation).toBeGreaterThan(0);
    const key = (part: string) => readModelKeys.key(CONTACT_MESSAGES.projector, generation, part);
    for (let i = 1; i <= 21; i++) {
      const receivedAt = new Date(Date.UTC(2025, 0, i)).toISOString();
      const id = `staged-${i}`;
      const entry = {
        id,
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        subject: `Old question ${i}`,
        message: 'Hello',
        receivedAt,
      };
      await redis.hset(key(CONTACT_MESSAGES.messages), id, JSON.stringify(entry));
      await redis.zadd(key(CONTACT_MESSAGES.byReceived), Date.parse(receivedAt), id);
    }
    redis.disconnect();

    const page = await site.newPage();
    await signInByApi(page, site.url, ADMIN);
    await page.goto(`${site.url}/admin/messages`);
    const subjects = () =>
      page.getByRole('list', { name: 'Messages' }).getByRole('heading', { level: 2 }).allTextContents();
    await page.getByText('Old question 21').waitFor();
    expect(await subjects()).toEqual(Array.from({ length: 20 }, (_, i) => `Old question ${21 - i}`));
    expect(await page.getByText('21 messages from the Contact page').count()).toBe(1);

    await page
      .getByRole('navigation', { name: 'Message pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(subjects).toEqual(['Old question 1']);
    expect(await page.getByText('January 1, 2025').count()).toBe(1);
  });

  it('sends a visitor who is not signed in to the sign-in page', async () => {
    const page = await site.newPage();
    await page.goto(`${site.url}/admin/messages`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(pathnameOf(page)).toBe('/login');
  });
});

describe('the contact page', () => {
  const message = {
    name: 'Ann Lee',
    email: 'ann@example.com',
    subject: 'Server 2 stutters',
    message: 'The second server stops every few minutes.\nThe first one is fine.',
  };

  it('asks for a name, an email, a subject and a message of six rows, all required', async () => {
    const page = await site.newPage();
    await open(page, '/contact', 'Contact Us');

    expect(await page.title()).toBe('Contact Us · Cinefold');
    expect(await metaDescription(page)).toMatch(/Send the Cinefold team a message/);
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(await contactField(page, label).getAttribute('required'), label).not.toBeNull();
    }
    expect(await contactField(page, 'Email').getAttribute('type')).toBe('email');
    expect(await contactField(page, 'Message').evaluate((node) => node.tagName)).toBe('TEXTAREA');
    expect(await contactField(page, 'Message').getAttribute('rows')).toBe('6');

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/support/contact')) sent.push(request.url());
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await fillContactForm(page, { ...message, subject: 'Checking the form', email: 'not-an-address' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(
      await contactField(page, 'Email').evaluate(
        (node) => (node as unknown as { validity: { valid: boolean } }).validity.valid,
      ),
    ).toBe(false);
    // Once the address is right the form goes: the one request seen is that one, none before it.
    await contactField(page, 'Email').fill(message.email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thanks! Your message has been sent.').waitFor();
    expect(sent).toHaveLength(1);
  });

  it('sends the message, says so, clears the form, and the admins find it in their inbox', async () => {
    const page = await site.newPage();
    await open(page, '/contact', 'Contact Us');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Holds the request at the browser's edge, so the busy button can be seen before the answer.
    await page.route('**/api/support/contact', async (route: Route) => {
      await held;
      await route.continue();
    });

    await fillContactForm(page, message);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/support/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const busy = page.getByRole('button', { name: 'Sending...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    await page.getByText('Thanks! Your message has been sent.').waitFor();
    expect(await contactFieldValues(page)).toEqual(['', '', '', '']);
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);

    // The admin's browser has not seen the visitor's write: wait until the inbox has it.
    const position = (await answered).headers()['x-event-position'];
    const token = await adminToken();
    const inbox = await callApi(site.url, 'GET', '/admin/messages', { token, eventPosition: position });
    expect(inbox.status).toBe(200);
    const admin = await site.newPage();
    await signInByApi(admin, site.url, ADMIN);
    await admin.goto(`${site.url}/admin/messages`);
    const item = admin
      .getByRole('list', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: message.subject });
    await item.waitFor();
    const text = (await item.textContent()) ?? '';
    expect(text).toContain('Ann Lee');
    expect(text).toContain('ann@example.com');
    expect(text).toContain(today());
    expect(await item.getByText(/The second server stops/).innerText()).toBe(message.message);
  });

  it('shows the server’s message when the server refuses the message, and keeps what was typed', async () => {
    const page = await site.newPage();
    await open(page, '/contact', 'Contact Us');
    // The browser takes "ann@example" as an address; the server wants a domain with a dot.
    await fillContactForm(page, { ...message, email: 'ann@example' });
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByRole('alert').filter({ hasText: 'Email must be a valid email address' }).waitFor();
    expect(await contactFieldValues(page)).toEqual([
      'Ann Lee',
      'ann@example',
      message.subject,
      message.message,
    ]);
    expect(await page.getByText('Thanks! Your message has been sent.').count()).toBe(0);
  });

  it("shows 'Failed to send message' when the request does not reach the server", async () => {
    const page = await site.newPage();
    await open(page, '/contact', 'Contact Us');
    await page.route('**/api/support/contact', (route) => route.abort('connectionrefused'));
    await fillContactForm(page, message);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await page.getByRole('alert').filter({ hasText: 'Failed to send message' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Failed to send message' }).textContent()).toBe(
      'Failed to send message',
    );
    expect(await contactFieldValues(page)).toEqual(Object.values(message));
  });
});
