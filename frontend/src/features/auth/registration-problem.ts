import { MIN_PASSWORD_LENGTH } from '@cinefold/contracts';
import type { FieldOf } from '../../hooks/use-account-form';

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

/** The check of a new password typed twice: `name` and `confirmPassword` (spec section 5). */
export function newPasswordCheck(name: string): (field: FieldOf) => string | null {
  return (field) => registrationProblem({ password: field(name), confirmPassword: field('confirmPassword') });
}
