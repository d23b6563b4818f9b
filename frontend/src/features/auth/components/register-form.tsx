import { href } from '@cinefold/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/auth/auth-context';
import { useAccountForm } from '../../../hooks/use-account-form';
import { newPasswordCheck } from '../registration-problem';
import { AccountForm } from './account-form';
import { AuthField, EmailField, NewPasswordFields } from './auth-field';

const REGISTER_FAILED = 'Failed to create account. Please try again.';

export function RegisterForm() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const signUp = useMutation({ mutationFn: register, onSuccess: () => navigate(href('home')) });
  const form = useAccountForm(signUp, {
    failed: REGISTER_FAILED,
    check: newPasswordCheck('password'),
    send: (field) => ({ name: field('name'), email: field('email'), password: field('password') }),
  });

  return (
    <AccountForm form={form} submit="Create Account" loadingText="Creating account...">
      <AuthField label="Full Name" name="name" type="text" autoComplete="name" placeholder="Jane Doe" />
      <EmailField label="Email Address" />
      <NewPasswordFields label="Password" name="password" />
    </AccountForm>
  );
}
