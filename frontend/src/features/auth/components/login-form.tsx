import { href } from '@cinefold/contracts';
import { Stack } from '@chakra-ui/react';
import { RouterLink } from '../../../components/ui/router-link';
import { useAuth } from '../../../lib/auth/auth-context';
import { useAccountForm } from '../../../hooks/use-account-form';
import { useSignIn } from '../use-sign-in';
import { AccountForm } from './account-form';
import { AuthField, EmailField } from './auth-field';

const LOGIN_FAILED = 'Failed to login. Please try again.';

export function LoginForm() {
  const { login } = useAuth();
  const signIn = useSignIn(login);
  const form = useAccountForm(signIn, {
    failed: LOGIN_FAILED,
    send: (field) => ({ email: field('email'), password: field('password') }),
  });

  return (
    <AccountForm form={form} submit="Sign In" loadingText="Signing in...">
      <EmailField label="Email" />
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
    </AccountForm>
  );
}
