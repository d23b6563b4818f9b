import { href } from '@cinefold/contracts';
import { RouterLink } from '../../components/ui/router-link';
import { siteName } from '../../config/site';
import { AuthScreen } from '../../features/auth/components/auth-screen';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginPage() {
  return (
    <>
      <title>{`Sign In · ${siteName}`}</title>
      <AuthScreen
        eyebrow="Welcome back"
        title="Sign In"
        description="Pick up where you left off."
        footer={
          <>
            Don't have an account?{' '}
            <RouterLink to={href('register')} color="brand.fg" fontWeight="semibold">
              Create one
            </RouterLink>
          </>
        }
      >
        <LoginForm />
      </AuthScreen>
    </>
  );
}
