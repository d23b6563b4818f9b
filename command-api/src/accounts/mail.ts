/**
 * The words of the mail sent to members. A link carries its token in the address's fragment
 * (`#token=`): a browser never sends a fragment, so the secret is in no request line, server
 * log or Referer; the page reads it and posts it.
 */
import { href, type PageId, SITE_NAME } from '@cinefold/contracts';
import type { MemberMail } from '@cinefold/platform';
import type { AccountLink } from './accounts.js';

export function accountLinkAddress(
  site: string,
  page: PageId & ('resetPassword' | 'confirmEmail'),
  token: string,
) {
  return `${site}${href(page)}#token=${encodeURIComponent(token)}`;
}

export function passwordResetMail(
  site: string,
  user: { readonly name: string; readonly email: string },
  link: AccountLink,
): MemberMail {
  const address = accountLinkAddress(site, 'resetPassword', link.token);
  return {
    to: user.email,
    subject: `Reset your ${SITE_NAME} password`,
    link: address,
    text: [
      `Hello ${user.name},`,
      '',
      `Someone (we hope you) asked to reset the password of your ${SITE_NAME} account.`,
      'Open this link to choose a new one. It works once, within an hour:',
      '',
      address,
      '',
      'Setting a new password signs you out on every device.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function emailChangeMail(
  site: string,
  user: { readonly name: string },
  email: string,
  link: AccountLink,
): MemberMail {
  const address = accountLinkAddress(site, 'confirmEmail', link.token);
  return {
    to: email,
    subject: `Confirm your new ${SITE_NAME} email address`,
    link: address,
    text: [
      `Hello ${user.name},`,
      '',
      `You asked to use this address for your ${SITE_NAME} account.`,
      'Open this link to confirm it. It works once, within an hour:',
      '',
      address,
      '',
      'Until you do, you keep signing in with your current address.',
      'If you did not ask for this, ignore this email.',
    ].join('\n'),
  };
}
