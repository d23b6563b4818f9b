import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { FormNotice } from '../../../components/ui/form-error';
import { errorMessageOf } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/account';
import { AuthField } from './auth-field';

const REQUEST_FAILED = 'Could not send the reset link. Please try again.';

/** Asks for a link to set a new password; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const send = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    send.mutate(String(form.get('email') ?? ''));
  };

  return (
    <form onSubmit={onSubmit} aria-label="Reset your password">
      <Stack gap="5">
        <FormError message={send.isError ? errorMessageOf(send.error, REQUEST_FAILED) : null} />
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
