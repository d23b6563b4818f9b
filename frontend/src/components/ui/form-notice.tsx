import { Alert } from '@chakra-ui/react';

/** The green box a form shows when what it sent was done (read out politely, not as an alarm). */
export function FormNotice({ message }: { readonly message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root
      role="status"
      status="success"
      variant="subtle"
      borderRadius="lg"
      borderWidth="1px"
      borderColor="green.500/40"
      bg="green.500/12"
      color="green.100"
      animationName="fade-in, slide-from-top"
      animationDuration="fast"
    >
      <Alert.Indicator color="green.400" />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}
