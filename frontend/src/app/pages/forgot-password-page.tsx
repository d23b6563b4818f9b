import { AccountPage } from '../../features/auth/components/account-page';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** The login screen's "Forgot Password?": a link to set a new password, by mail. */
export function ForgotPasswordPage() {
  return <AccountPage page="forgotPassword" form={ForgotPasswordForm} />;
}
