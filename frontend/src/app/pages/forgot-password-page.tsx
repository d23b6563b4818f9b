import { href } from '@cinefold/contracts';
import { siteName } from '../../config/site';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** The login screen's "Forgot Password?": a link to set a new password, by mail. */
export function ForgotPasswordPage() {
  return (
    <>
      <title>{`Forgot Password · ${siteName}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <AuthScreen
        eyebrow="It happens"
        title="Forgot Password"
        description="Enter the email address of your account and we will send you a link to choose a new password."
        footer={{ question: 'Remembered it?', to: href('login'), label: 'Sign in' }}
      >
        <ForgotPasswordForm />
      </AuthScreen>
    </>
  );
}
