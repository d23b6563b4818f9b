import { href } from '@cinefold/contracts';
import type { ComponentType } from 'react';
import { SitePageHead } from '../../../components/ui/site-page-head';
import { AuthScreen, type AuthScreenProps } from './auth-screen';

/** The pages of the account screen: signing in and up, and the forms a mailed link opens. */
export type AccountPageId = 'login' | 'register' | 'forgotPassword' | 'resetPassword' | 'confirmEmail';

type AccountScreenWords = Omit<AuthScreenProps, 'children'>;

/** What each account page says beside its form, and where the line under the form leads. */
const accountScreens: Readonly<Record<AccountPageId, AccountScreenWords>> = {
  login: {
    eyebrow: 'Welcome back',
    title: 'Sign In',
    description: 'Pick up where you left off.',
    footer: { question: "Don't have an account?", to: href('register'), label: 'Create one' },
  },
  register: {
    eyebrow: 'Free forever',
    title: 'Create Account',
    description: 'Keep your favorites, watchlist and history in one place.',
    footer: { question: 'Already have an account?', to: href('login'), label: 'Sign in' },
  },
  forgotPassword: {
    eyebrow: 'It happens',
    title: 'Forgot Password',
    description:
      'Enter the email address of your account and we will send you a link to choose a new password.',
    footer: { question: 'Remembered it?', to: href('login'), label: 'Sign in' },
  },
  resetPassword: {
    eyebrow: 'Account recovery',
    title: 'New Password',
    description: 'Choose a new password. Setting it signs you out on every device.',
    footer: { question: 'Link expired?', to: href('forgotPassword'), label: 'Ask for a new one' },
  },
  confirmEmail: {
    eyebrow: 'Account settings',
    title: 'Confirm Email',
    description: 'Your new email address is confirmed when you open the link we sent to it.',
    footer: { question: 'Need help?', to: href('helpCenter'), label: 'Visit the help center' },
  },
};

export interface AccountPageProps {
  readonly page: AccountPageId;
  /** The page's form (or, for a mailed link, what opening it does). */
  readonly form: ComponentType;
}

/**
 * An account page: its document title, kept out of search engines where the site map says so, and
 * its form on the account screen with the page's words.
 */
export function AccountPage({ page, form: Form }: AccountPageProps) {
  return (
    <>
      <SitePageHead page={page} />
      <AuthScreen {...accountScreens[page]}>
        <Form />
      </AuthScreen>
    </>
  );
}
