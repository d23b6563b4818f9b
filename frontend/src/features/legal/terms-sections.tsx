import { href } from '@cinefold/contracts';
import { Text } from '@chakra-ui/react';
import { RouterLink } from '../../components/ui/router-link';
import type { LegalSection } from './components/legal-document';

/** The seven sections of the Terms of Service (spec section 2). */
export const termsSections: readonly LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    body: (
      <Text>
        By using Cinefold you agree to these Terms of Service. If you do not agree, please do not use the
        site.
      </Text>
    ),
  },
  {
    heading: 'User Accounts',
    body: (
      <Text>
        You can browse and watch without an account. If you create one, give a real email address, keep your
        password to yourself and tell us through the Contact page if you think someone else is using your
        account. You are responsible for what is done with it.
      </Text>
    ),
  },
  {
    heading: 'Content',
    body: (
      <Text>
        Cinefold is a catalogue: the descriptions, posters and details of movies and TV shows belong to their
        owners, and videos play in embedded players from third-party streaming providers, which are
        responsible for what they stream. We may hide or remove any title at any time.
      </Text>
    ),
  },
  {
    heading: 'Prohibited Conduct',
    body: (
      <>
        <Text>When using Cinefold you must not:</Text>
        <ul>
          <li>break the law or the rights of others;</li>
          <li>try to reach accounts, data or parts of the site that are not yours;</li>
          <li>disrupt the site, overload it with automated requests or get around its limits;</li>
          <li>send spam, abuse or malicious content through the Contact page or anywhere else.</li>
        </ul>
      </>
    ),
  },
  {
    heading: 'Termination',
    body: (
      <Text>
        We may suspend or delete an account that breaks these terms, and you may stop using Cinefold at any
        time. To have your account deleted, ask us through the Contact page.
      </Text>
    ),
  },
  {
    heading: 'Changes to These Terms',
    body: (
      <Text>
        We may change these terms. The effective date at the top of this page shows the version you are
        reading; using the site after a change means you accept the new terms.
      </Text>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <Text>
        Questions about these terms? Write to us through the{' '}
        <RouterLink to={href('contact')} color="brand.fg" fontWeight="semibold">
          Contact page
        </RouterLink>
        .
      </Text>
    ),
  },
];
