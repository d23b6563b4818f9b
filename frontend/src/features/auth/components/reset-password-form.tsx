import { href } from '@cinefold/contracts';
import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { FormError } from '../../../components/ui/form-error';
import { FormNotice } from '../../../components/ui/form-error';
import { RouterLink } from '../../../components/ui/router-link';
import { errorMessageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { linkToken, resetPassword } from '../api/account';
import { registrationProblem } from '../registration-problem';
import { AuthField } from './auth-field';

const RESET_FAILED = 'Could not set the new password. Please try again.';
const NO_TOKEN = 'This link is not complete. Open the whole link from the email, or ask for a new one.';

/** The page a reset link opens: the new password twice, sent with the link's token. */
export function ResetPasswordForm() {
  const token = linkToken(useLocation().hash);
  const { refresh } = useAuth();
  const [problem, setProblem] = useState<string | null>(null);
  // Every session ended with the old password: whoever was signed in here is not any longer.
  const reset = useMutation({ mutationFn: resetPassword, onSuccess: () => refresh() });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const found = registrationProblem({
      password: field('password'),
      confirmPassword: field('confirmPassword'),
    });
    setProblem(found);
    if (found) {
      reset.reset();
      return;
    }
    if (token) reset.mutate({ token, password: field('password') });
  };

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
  const message = !token
    ? NO_TOKEN
    : (problem ?? (reset.isError ? errorMessageOf(reset.error, RESET_FAILED) : null));
  return (
    <form onSubmit={onSubmit} aria-label="Choose a new password">
      <Stack gap="5">
        <FormError message={message} />
        <AuthField label="New Password" name="password" type="password" autoComplete="new-password" />
        <AuthField
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <Button
          type="submit"
          size="lg"
          w="full"
          mt="2"
          disabled={!token}
          loading={reset.isPending}
          loadingText="Saving..."
        >
          Set New Password
        </Button>
      </Stack>
    </form>
  );
}
