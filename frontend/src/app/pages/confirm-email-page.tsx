import { href } from '@cinefold/contracts';
import { siteName } from '../../config/site';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { EmailConfirmation } from '../../features/auth/components/email-confirmation';

/** Where the link mailed to a new address leads: the address becomes the account's once opened. */
export function ConfirmEmailPage() {
  return (
    <>
      <title>{`Confirm Your Email · ${siteName}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <AuthScreen
        eyebrow="Account settings"
        title="Confirm Email"
        description="Your new email address is confirmed when you open the link we sent to it."
        footer={{ question: 'Need help?', to: href('helpCenter'), label: 'Visit the help center' }}
      >
        <EmailConfirmation />
      </AuthScreen>
    </>
  );
}
