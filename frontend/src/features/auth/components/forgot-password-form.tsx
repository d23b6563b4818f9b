import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../../components/ui/form-error';
import { FormNotice } from '../../../components/ui/form-error';
import { requestPasswordReset } from '../api/account';
import { useAccountForm } from '../../../hooks/use-account-form';
import { AuthField } from './auth-field';

const REQUEST_FAILED = 'Could not send the reset link. Please try again.';

/** Asks for a link to set a new password; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const send = useMutation({ mutationFn: requestPasswordReset });
  const { onSubmit, message } = useAccountForm(send, {
    failed: REQUEST_FAILED,
    send: (field) => field('email'),
  });

  return (
    <form onSubmit={onSubmit} aria-label="Reset your password">
      <Stack gap="5">
        <FormError message={message} />
        <FormNotice message={send.data?.message ?? null} />
        <AuthField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <Button type="submit" size="lg" w="full" mt="2" loading={send.isPending} loadingText="Sending...">
          Send Reset Link
        </Button>
      </Stack>
    </form>
  );
}
