import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormError, FormNotice } from '../../../components/ui/form-error';
import type { AccountFormState } from '../../../hooks/use-account-form';

export interface AccountFormProps {
  /** What `useAccountForm` gives: the submit, the refusal and the notice shown above the fields, the wait. */
  readonly form: AccountFormState;
  /** The submit button's text, and its text while the form waits for the answer. */
  readonly submit: string;
  readonly loadingText: string;
  readonly disabled?: boolean;
  /**
   * The id of the heading of the profile's card the form is one of the settings of, which names
   * it; without it the form is a whole sign-in screen's, its button wide.
   */
  readonly card?: string;
  /** Before the messages (what the form does, in a sentence). */
  readonly intro?: ReactNode;
  readonly 'aria-label'?: string;
  /** The fields. */
  readonly children: ReactNode;
}

const LAYOUTS = {
  screen: { gap: '5', button: { size: 'lg', w: 'full', mt: '2' } },
  card: { gap: '4', button: { alignSelf: 'start' } },
} as const;

/** An account form: its messages, its fields and its submit button, which waits for the answer. */
export function AccountForm({
  form,
  submit,
  loadingText,
  disabled,
  card,
  intro,
  children,
  ...labelled
}: AccountFormProps) {
  const { gap, button } = LAYOUTS[card === undefined ? 'screen' : 'card'];
  return (
    <form onSubmit={form.onSubmit} aria-labelledby={card} {...labelled}>
      <Stack gap={gap}>
        {intro}
        <FormError message={form.message} />
        <FormNotice message={form.notice ?? null} />
        {children}
        <Button
          type="submit"
          {...button}
          disabled={disabled}
          loading={form.pending}
          loadingText={loadingText}
        >
          {submit}
        </Button>
      </Stack>
    </form>
  );
}
