import { useAuth } from '../../../lib/auth/auth-context';
import { useAccountForm } from '../../../hooks/use-account-form';
import { newPasswordCheck } from '../registration-problem';
import { useSignIn } from '../use-sign-in';
import { AccountForm } from './account-form';
import { AuthField, EmailField, NewPasswordFields } from './auth-field';

const REGISTER_FAILED = 'Failed to create account. Please try again.';

export function RegisterForm() {
  const { register } = useAuth();
  const signUp = useSignIn(register);
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
