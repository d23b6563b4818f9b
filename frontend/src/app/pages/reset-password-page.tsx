import { href } from '@cinefold/contracts';
import { siteName } from '../../config/site';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** Where a reset link leads: the token is in the address's fragment, read by the form. */
export function ResetPasswordPage() {
  return (
    <>
      <title>{`Choose a New Password · ${siteName}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <AuthScreen
        eyebrow="Account recovery"
        title="New Password"
        description="Choose a new password. Setting it signs you out on every device."
        footer={{ question: 'Link expired?', to: href('forgotPassword'), label: 'Ask for a new one' }}
      >
        <ResetPasswordForm />
      </AuthScreen>
    </>
  );
}
