import { href } from '@cinefold/contracts';
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
        footer={{ question: "Don't have an account?", to: href('register'), label: 'Create one' }}
      >
        <LoginForm />
      </AuthScreen>
    </>
  );
}
