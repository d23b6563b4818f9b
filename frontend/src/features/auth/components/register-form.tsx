import { href } from '@cinefold/contracts';
import { Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../../components/ui/form-error';
import { errorMessageOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { registrationProblem } from '../registration-problem';
import { AuthField } from './auth-field';

const REGISTER_FAILED = 'Failed to create account. Please try again.';

export function RegisterForm() {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const signUp = useMutation({ mutationFn: register, onSuccess: () => navigate(href('home')) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    const found = registrationProblem({
      password: field('password'),
      confirmPassword: field('confirmPassword'),
    });
    setProblem(found);
    if (found) {
      signUp.reset();
      return;
    }
    signUp.mutate({ name: field('name'), email: field('email'), password: field('password') });
  };

  const message = problem ?? (signUp.isError ? errorMessageOf(signUp.error, REGISTER_FAILED) : null);

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="5">
        <FormError message={message} />
        <AuthField label="Full Name" name="name" type="text" autoComplete="name" placeholder="Jane Doe" />
        <AuthField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
        <AuthField label="Password" name="password" type="password" autoComplete="new-password" />
        <AuthField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
        />
        <Button
          type="submit"
          size="lg"
          w="full"
          mt="2"
          loading={signUp.isPending}
          loadingText="Creating account..."
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
