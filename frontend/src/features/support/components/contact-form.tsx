import { Alert, Button, Input, Stack, Textarea } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { FormError } from '../../../components/ui/form-error';
import { errorMessageOf } from '../../../lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';
import { fieldLook } from '../../../components/ui/field-look';
import { RequiredField } from '../../../components/ui/required-field';

const SENT = 'Thanks! Your message has been sent.';
const SEND_FAILED = 'Failed to send message';

const inputLook = {
  ...fieldLook,
  borderRadius: 'lg',
  _placeholder: { color: 'fg.subtle' },
} as const;

/**
 * Name, Email, Subject and Message, all required (spec section 5): the browser checks presence
 * and the e-mail's form, the server the rest (lengths, a stricter e-mail check) and says what is wrong.
 */
export function ContactForm() {
  const send = useSendContactMessage();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const text = (name: string) => String(fields.get(name) ?? '');
    send.mutate(
      { name: text('name'), email: text('email'), subject: text('subject'), message: text('message') },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="5">
        {send.isSuccess && (
          <Alert.Root
            role="status"
            status="success"
            variant="subtle"
            borderRadius="lg"
            borderWidth="1px"
            borderColor="green.500/40"
            bg="green.500/12"
            color="green.200"
          >
            <Alert.Indicator color="green.400" />
            <Alert.Title fontWeight="medium">{SENT}</Alert.Title>
          </Alert.Root>
        )}
        <FormError message={send.isError ? errorMessageOf(send.error, SEND_FAILED) : null} />
        <Stack direction={{ base: 'column', md: 'row' }} gap="5">
          <RequiredField label="Name">
            <Input {...inputLook} name="name" autoComplete="name" placeholder="Jane Doe" />
          </RequiredField>
          <RequiredField label="Email">
            <Input
              {...inputLook}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
            />
          </RequiredField>
        </Stack>
        <RequiredField label="Subject">
          <Input {...inputLook} name="subject" placeholder="What is it about?" />
        </RequiredField>
        <RequiredField label="Message">
          <Textarea {...inputLook} name="message" rows={6} placeholder="How can we help?" />
        </RequiredField>
        <Button
          type="submit"
          size="lg"
          alignSelf={{ base: 'stretch', md: 'start' }}
          loading={send.isPending}
          loadingText="Sending..."
        >
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
