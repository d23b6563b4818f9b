import { Alert } from '@chakra-ui/react';

/** A form's box above its fields: refused (red, an alert) or done (green, read out politely). */
const TONES = {
  error: { role: 'alert', palette: 'red', text: 'red.200' },
  success: { role: 'status', palette: 'green', text: 'green.100' },
} as const;

function FormMessage({
  message,
  tone,
}: {
  readonly message: string | null;
  readonly tone: keyof typeof TONES;
}) {
  if (!message) return null;
  const { role, palette, text } = TONES[tone];
  return (
    <Alert.Root
      role={role}
      status={tone}
      variant="subtle"
      borderRadius="lg"
      borderWidth="1px"
      borderColor={`${palette}.500/40`}
      bg={`${palette}.500/12`}
      color={text}
      animationName="fade-in, slide-from-top"
      animationDuration="fast"
    >
      <Alert.Indicator color={`${palette}.400`} />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}

/** The red box a form shows above its fields when a submit is refused. */
export function FormError({ message }: { readonly message: string | null }) {
  return <FormMessage message={message} tone="error" />;
}

/** The green box a form shows when what it sent was done. */
export function FormNotice({ message }: { readonly message: string | null }) {
  return <FormMessage message={message} tone="success" />;
}
