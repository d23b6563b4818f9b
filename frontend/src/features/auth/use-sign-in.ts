import { href } from '@cinefold/contracts';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '../../lib/auth/auth-api';

/** Signing in and creating an account both end where a visitor starts: the home page. */
export function useSignIn<Details>(signIn: (details: Details) => Promise<CurrentUser>) {
  const navigate = useNavigate();
  return useMutation({ mutationFn: signIn, onSuccess: () => navigate(href('home')) });
}
