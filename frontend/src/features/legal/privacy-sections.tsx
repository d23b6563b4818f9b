import { href } from '@cinefold/contracts';
import { Text } from '@chakra-ui/react';
import { RouterLink } from '../../components/ui/router-link';
import type { LegalSection } from './components/legal-document';

/**
 * The six sections of the Privacy Policy (spec section 2), describing what the site really does:
 * see platform/src/analytics (cookieless visitor counting) and lib/auth/session-storage.ts.
 */
export const privacySections: readonly LegalSection[] = [
  {
    heading: 'Information We Collect',
    body: (
      <>
        <Text>We collect only what the site needs to work:</Text>
        <ul>
          <li>
            <strong>Your account</strong>, if you create one: your name, email address and password, which we
            keep only as a one-way hash, never as you typed it. When you change your name, email address or
            password, we keep a record of the change (an earlier address included); a link we email you to
            reset your password or confirm an address is kept only as a one-way hash, and works once, for an
            hour.
          </li>
          <li>
            <strong>Your lists</strong>: the titles you add to your favorites and watchlist, and the titles
            you open while signed in (your watch history). When you import a list from a file (a Letterboxd,
            IMDb or Trakt export), the file itself is not kept: we keep the titles it matched for an hour, so
            you can look them over, and then only those you import, in your list.
          </li>
          <li>
            <strong>Messages</strong> you send through the Contact page: your name, email address, subject and
            message.
          </li>
          <li>
            <strong>Visits</strong>: the page you open, the site you came from (its name only, not the address
            of the page that linked to us), the kind of device (phone, tablet or desktop) and the country,
            worked out from your network address. To count unique visitors without cookies, we keep a hash of
            a random daily value, your network (IP) address and your browser's User-Agent. Your IP address and
            User-Agent themselves are never stored, and the daily value is deleted after two days, after which
            nobody, us included, can tell whose hash it was or link one day's visits to another's.
          </li>
          <li>
            <strong>Ads</strong>: how often each ad is shown and clicked, counted per ad, not per person.
          </li>
        </ul>
        <Text>
          To slow down abuse (for example repeated failed sign-ins), we also count requests per network
          address for a few minutes; those counts expire on their own.
        </Text>
      </>
    ),
  },
  {
    heading: 'How We Use Information',
    body: (
      <Text>
        We use your information to run your account and lists, to answer your messages, to keep the site
        secure, and to see in totals which pages and titles are popular and where visitors come from. We do
        not build profiles of you for advertising.
      </Text>
    ),
  },
  {
    heading: 'Cookies and Local Storage',
    body: (
      <>
        <Text>
          Cinefold sets no cookies, and visitors are counted without them. When you sign in, your browser's
          local storage keeps your sign-in token and your name, so you stay signed in; logging out removes
          them.
        </Text>
        <Text>
          The video players are embedded from third-party streaming providers, and some ads come from
          advertising networks. They load from their own servers and may use cookies or similar technologies
          of their own, under their own privacy policies.
        </Text>
      </>
    ),
  },
  {
    heading: 'Sharing of Information',
    body: (
      <Text>
        We do not sell your personal data. We do not share it with anyone, except when the law requires us to.
        When you play a video or see an ad from a network, your browser connects to that provider directly,
        which lets it see your network address as any website you visit would.
      </Text>
    ),
  },
  {
    heading: 'Your Rights',
    body: (
      <>
        <Text>
          On your profile, under Your Data, you can download everything we keep about you (your account and
          every list, as JSON, and each list as CSV) and delete your account yourself, with your password.
        </Text>
        <Text>When you delete your account:</Text>
        <ul>
          <li>
            <strong>Erased</strong>: your name, email addresses (earlier ones included), password hash and any
            links we emailed you; your favorites, watchlist, watch history, the titles you marked Not
            interested, your Continue Watching row and the record of their changes. They are removed from our
            records themselves, not only hidden, so they cannot come back when we rebuild the site&apos;s
            data. You are signed out on every device, and your email address can be used for a new account.
          </li>
          <li>
            <strong>Kept</strong>: a note that an account with a random number (not your name or address) was
            deleted, which is all that number leads to from then on; messages you sent through the Contact
            page, with the name and address you wrote in them (ask us there to delete them); the anonymous
            visit and ad counts described above; and, if you were an administrator, the back office&apos;s
            record of the actions you took as one, under that number.
          </li>
        </ul>
        <Text>
          You can also ask us what we hold about you, or ask us to correct it, through the{' '}
          <RouterLink to={href('contact')} color="brand.fg" fontWeight="semibold">
            Contact page
          </RouterLink>
          .
        </Text>
      </>
    ),
  },
  {
    heading: 'Changes to This Policy',
    body: (
      <Text>
        We may update this policy as the site changes. The effective date at the top of this page shows the
        version you are reading.
      </Text>
    ),
  },
];
