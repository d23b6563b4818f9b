import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessageOf } from '../lib/api-client';

/** A submitted form's field, as text ('' when absent). */
export type FieldOf = (name: string) => string;

export interface AccountFormOptions<Variables> {
  /** What the form says when the server gives no message of its own. */
  readonly failed: string;
  /** Why the form will not send, checked before anything is sent; null when it may. */
  readonly check?: (field: FieldOf) => string | null;
  /** What the form sends; null sends nothing. */
  readonly send: (field: FieldOf) => Variables | null;
  /** Empties the form once the server has taken what it sent (a password, a new address). */
  readonly clearOnSuccess?: boolean;
}

/** What an account form shows and does: its submit, its one line, and whether it is sending. */
export interface AccountFormState {
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly message: string | null;
  /** What the form sent is on its way. */
  readonly pending: boolean;
  /** What the server said it did, when its answer says something (`{ message }`). */
  readonly notice: string | undefined;
}

function saidIn(answer: unknown): string | undefined {
  return typeof answer === 'object' &&
    answer !== null &&
    'message' in answer &&
    typeof answer.message === 'string'
    ? answer.message
    : undefined;
}

/**
 * The submit of an account form that sends one mutation: reads the fields, checks them (a problem
 * is shown and nothing is sent), sends them, and gives the one line the form shows: the check's
 * problem, else the server's message for a failure, in words.
 */
export function useAccountForm<Data, Variables>(
  mutation: UseMutationResult<Data, Error, Variables>,
  { failed, check, send, clearOnSuccess = false }: AccountFormOptions<Variables>,
): AccountFormState {
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const field: FieldOf = (name) => String(form.get(name) ?? '');
    const found = check?.(field) ?? null;
    setProblem(found);
    if (found) {
      mutation.reset();
      return;
    }
    const variables = send(field);
    if (variables === null) return;
    mutation.mutate(variables, clearOnSuccess ? { onSuccess: () => target.reset() } : undefined);
  };
  const message = problem ?? (mutation.isError ? errorMessageOf(mutation.error, failed) : null);
  return { onSubmit, message, pending: mutation.isPending, notice: saidIn(mutation.data) };
}
