import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset } from '../api/account';
import { useAccountForm } from '../../../hooks/use-account-form';
import { AccountForm } from './account-form';
import { EmailField } from './auth-field';

const REQUEST_FAILED = 'Could not send the reset link. Please try again.';

/** Asks for a link to set a new password; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const send = useMutation({ mutationFn: requestPasswordReset });
  const form = useAccountForm(send, {
    failed: REQUEST_FAILED,
    send: (field) => field('email'),
  });

  return (
    <AccountForm
      form={form}
      aria-label="Reset your password"
      submit="Send Reset Link"
      loadingText="Sending..."
    >
      <EmailField label="Email" />
    </AccountForm>
  );
}
