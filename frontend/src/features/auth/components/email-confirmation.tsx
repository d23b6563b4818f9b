import { href } from '@cinefold/contracts';
import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { FormError } from '../../../components/ui/form-error';
import { FormNotice } from '../../../components/ui/form-error';
import { RouterLink } from '../../../components/ui/router-link';
import { errorMessageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { confirmEmail, linkToken } from '../api/account';

const CONFIRM_FAILED = 'Could not confirm the new email address. Please try again.';
const NO_TOKEN = 'This link is not complete. Open the whole link from the email.';

/** The page a confirmation link opens: sends the link's token once, and says what came of it. */
export function EmailConfirmation() {
  const token = linkToken(useLocation().hash);
  const { status, refresh } = useAuth();
  const confirm = useMutation({ mutationFn: confirmEmail, onSuccess: () => refresh() });
  const sent = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    // A link works once: sent once, however often the page renders.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next =
    status === 'signed-in' ? (
      <RouterLink to={href('profile')} color="brand.fg" fontWeight="semibold">
        Go to your profile
      </RouterLink>
    ) : (
      <RouterLink to={href('login')} color="brand.fg" fontWeight="semibold">
        Sign in
      </RouterLink>
    );

  if (!token) return <FormError message={NO_TOKEN} />;
  if (confirm.isSuccess)
    return (
      <Stack gap="5">
        <FormNotice message={confirm.data.message} />
        <Text color="fg.muted">
          Sign in with <strong>{confirm.data.email}</strong> from now on.
        </Text>
        {next}
      </Stack>
    );
  if (confirm.isError)
    return (
      <Stack gap="5">
        <FormError message={errorMessageOf(confirm.error, CONFIRM_FAILED)} />
        {next}
      </Stack>
    );
  return (
    <Stack direction="row" gap="3" align="center" role="status">
      <Spinner size="sm" color="brand.400" />
      <Text color="fg.muted">Confirming your new email address...</Text>
    </Stack>
  );
}
