import { AccountPage } from '../../features/auth/components/account-page';
import { LoginForm } from '../../features/auth/components/login-form';

/** /login: signing in. */
export function LoginPage() {
  return <AccountPage page="login" form={LoginForm} />;
}
