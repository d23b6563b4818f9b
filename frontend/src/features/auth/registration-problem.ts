import { MIN_PASSWORD_LENGTH } from '@cinefold/contracts';

export interface PasswordChoice {
  readonly password: string;
  readonly confirmPassword: string;
}

/** Why the sign-up form will not send (spec section 5), or null when it may. */
export function registrationProblem({ password, confirmPassword }: PasswordChoice): string | null {
  if (password !== confirmPassword) return 'Passwords do not match';
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return null;
}
