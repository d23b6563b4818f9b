import { href } from '@cinefold/contracts';
import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../../components/ui/form-error';
import { RouterLink } from '../../../components/ui/router-link';
import { useAuth } from '../../../lib/auth/auth-context';
import { useAccountForm } from '../../../hooks/use-account-form';
import { AuthField } from './auth-field';

const LOGIN_FAILED = 'Failed to login. Please try again.';

export function LoginForm() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const signIn = useMutation({ mutationFn: login, onSuccess: () => navigate(href('home')) });
  const { onSubmit, message } = useAccountForm(signIn, {
    failed: LOGIN_FAILED,
    send: (field) => ({ email: field('email'), password: field('password') }),
  });

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="5">
        <FormError message={message} />
        <AuthField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <Stack gap="2">
          <AuthField label="Password" name="password" type="password" autoComplete="current-password" />
          <RouterLink
            to={href('forgotPassword')}
            alignSelf="end"
            textStyle="sm"
            color="brand.fg"
            fontWeight="medium"
          >
            Forgot Password?
          </RouterLink>
        </Stack>
        <Button
          type="submit"
          size="lg"
          w="full"
          mt="2"
          loading={signIn.isPending}
          loadingText="Signing in..."
        >
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
