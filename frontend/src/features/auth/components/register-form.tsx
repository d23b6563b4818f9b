import { href } from '@cinefold/contracts';
import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../../components/ui/form-error';
import { useAuth } from '../../../lib/auth/auth-context';
import { useAccountForm } from '../../../hooks/use-account-form';
import { newPasswordCheck } from '../registration-problem';
import { AuthField } from './auth-field';

const REGISTER_FAILED = 'Failed to create account. Please try again.';

export function RegisterForm() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const signUp = useMutation({ mutationFn: register, onSuccess: () => navigate(href('home')) });
  const { onSubmit, message } = useAccountForm(signUp, {
    failed: REGISTER_FAILED,
    check: newPasswordCheck('password'),
    send: (field) => ({ name: field('name'), email: field('email'), password: field('password') }),
  });

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="5">
        <FormError message={message} />
        <AuthField label="Full Name" name="name" type="text" autoComplete="name" placeholder="Jane Doe" />
        <AuthField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <AuthField label="Password" name="password" type="password" autoComplete="new-password" />
        <AuthField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <Button
          type="submit"
          size="lg"
          w="full"
          mt="2"
          loading={signUp.isPending}
          loadingText="Creating account..."
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
