import { Alert } from '@chakra-ui/react';

/** The red box a form shows above its fields when a submit is refused. */
export function FormError({ message }: { readonly message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root
      role="alert"
      status="error"
      variant="subtle"
      borderRadius="lg"
      borderWidth="1px"
      borderColor="red.500/40"
      bg="red.500/12"
      color="red.200"
      animationName="fade-in, slide-from-top"
      animationDuration="fast"
    >
      <Alert.Indicator color="red.400" />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}
