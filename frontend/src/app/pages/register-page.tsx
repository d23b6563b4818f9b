import { href } from '@cinefold/contracts';
import { RouterLink } from '../../components/ui/router-link';
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
        footer={
          <>
            Already have an account?{' '}
            <RouterLink to={href('login')} color="brand.fg" fontWeight="semibold">
              Sign in
            </RouterLink>
          </>
        }
      >
        <RegisterForm />
      </AuthScreen>
    </>
  );
}
