import { Center, Spinner } from '@chakra-ui/react';

/** Fills the space a page would take while its data or the session is still loading. */
export function PageSpinner({ label = 'Loading' }: { readonly label?: string }) {
  return (
    <Center minH="60dvh" pt="var(--header-height)" role="status" aria-label={label}>
      <Spinner size="xl" color="brand.500" borderWidth="3px" animationDuration="0.7s" />
    </Center>
  );
}
