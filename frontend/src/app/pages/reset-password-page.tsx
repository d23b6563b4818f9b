import { AccountPage } from '../../features/auth/components/account-page';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** Where a reset link leads: the token is in the address's fragment, read by the form. */
export function ResetPasswordPage() {
  return <AccountPage page="resetPassword" form={ResetPasswordForm} />;
}
