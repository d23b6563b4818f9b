import { href } from '@cinefold/contracts';
import { siteName } from '../../config/site';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { RegisterForm } from '../../features/auth/components/register-form';

export function RegisterPage() {
  return (
    <>
      <title>{`Create Account · ${siteName}`}</title>
      <AuthScreen
        eyebrow="Free forever"
        title="Create Account"
        description="Keep your favorites, watchlist and history in one place."
        footer={{ question: 'Already have an account?', to: href('login'), label: 'Sign in' }}
      >
        <RegisterForm />
      </AuthScreen>
    </>
  );
}
