import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormError, FormNotice } from '../../../components/ui/form-error';
import type { AccountFormState } from '../../../hooks/use-account-form';

export interface AccountFormProps {
  /** What `useAccountForm` gives: the submit, the refusal shown above the fields, the wait. */
  readonly form: AccountFormState;
  /** What the server said it did, shown above the fields. */
  readonly notice?: string | undefined;
  /** The submit button's text, and its text while the form waits for the answer. */
  readonly submit: string;
  readonly loadingText: string;
  readonly disabled?: boolean;
  /** 'screen': the form of a whole sign-in screen, its button wide; 'card': one of the profile's settings. */
  readonly layout?: 'screen' | 'card';
  /** Before the messages (what the form does, in a sentence). */
  readonly intro?: ReactNode;
  readonly 'aria-label'?: string;
  readonly 'aria-labelledby'?: string;
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
  notice,
  submit,
  loadingText,
  disabled,
  layout = 'screen',
  intro,
  children,
  ...labelled
}: AccountFormProps) {
  const { gap, button } = LAYOUTS[layout];
  return (
    <form onSubmit={form.onSubmit} {...labelled}>
      <Stack gap={gap}>
        {intro}
        <FormError message={form.message} />
        <FormNotice message={notice ?? null} />
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
