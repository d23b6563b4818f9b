import { describe, expect, it } from 'vitest';
import { registrationProblem } from './registration-problem';

describe('the sign-up form check', () => {
  it('refuses a confirmation that differs from the password', () => {
    expect(registrationProblem({ password: 'secret-1', confirmPassword: 'secret-2' })).toBe(
      'Passwords do not match',
    );
  });

  it('refuses a password shorter than six characters', () => {
    expect(registrationProblem({ password: 'abc12', confirmPassword: 'abc12' })).toBe(
      'Password must be at least 6 characters',
    );
  });

  it('reports the mismatch first when both are wrong', () => {
    expect(registrationProblem({ password: 'abc', confirmPassword: 'abd' })).toBe('Passwords do not match');
  });

  it('lets a matching password of six characters through', () => {
    expect(registrationProblem({ password: 'abc123', confirmPassword: 'abc123' })).toBeNull();
  });
});
