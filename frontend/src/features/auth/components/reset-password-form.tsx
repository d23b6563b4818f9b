import { href } from '@cinefold/contracts';
import { Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { FormNotice } from '../../../components/ui/form-error';
import { RouterLink } from '../../../components/ui/router-link';
import { useAuth } from '../../../lib/auth/auth-context';
import { linkToken, resetPassword } from '../api/account';
import { useAccountForm } from '../../../hooks/use-account-form';
import { newPasswordCheck } from '../registration-problem';
import { AccountForm } from './account-form';
import { NewPasswordFields } from './auth-field';

const RESET_FAILED = 'Could not set the new password. Please try again.';
const NO_TOKEN = 'This link is not complete. Open the whole link from the email, or ask for a new one.';

/** The page a reset link opens: the new password twice, sent with the link's token. */
export function ResetPasswordForm() {
  const token = linkToken(useLocation().hash);
  const { refresh } = useAuth();
  // Every session ended with the old password: whoever was signed in here is not any longer.
  const reset = useMutation({ mutationFn: resetPassword, onSuccess: () => refresh() });
  const form = useAccountForm(reset, {
    failed: RESET_FAILED,
    check: newPasswordCheck('password'),
    send: (field) => (token ? { token, password: field('password') } : null),
  });

  if (reset.isSuccess) {
    return (
      <Stack gap="5">
        <FormNotice message={reset.data.message} />
        <RouterLink to={href('login')} color="brand.fg" fontWeight="semibold">
          Sign in
        </RouterLink>
      </Stack>
    );
  }
  return (
    <AccountForm
      form={token ? form : { ...form, message: NO_TOKEN }}
      aria-label="Choose a new password"
      submit="Set New Password"
      loadingText="Saving..."
      disabled={!token}
    >
      <NewPasswordFields label="New Password" name="password" />
    </AccountForm>
  );
}
