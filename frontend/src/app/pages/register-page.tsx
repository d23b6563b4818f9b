import { AccountPage } from '../../features/auth/components/account-page';
import { RegisterForm } from '../../features/auth/components/register-form';

/** /register: creating an account. */
export function RegisterPage() {
  return <AccountPage page="register" form={RegisterForm} />;
}
