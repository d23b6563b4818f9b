import { Box, type BoxProps, Center, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { panelCardLook } from '../../../components/ui/panel-look';

/** A card of the dashboard with its heading (and anything beside it, such as a window choice). */
export function Panel({
  title,
  aside,
  children,
  ...props
}: { readonly title: string; readonly aside?: ReactNode; readonly children: ReactNode } & BoxProps) {
  return (
    <Box as="section" aria-label={title} {...panelCardLook} p={{ base: '4', md: '6' }} minW="0" {...props}>
      <Box display="flex" justifyContent="space-between" alignItems="center" gap="4" mb="4">
        <Heading as="h2" fontSize="lg" fontWeight="600">
          {title}
        </Heading>
        {aside}
      </Box>
      {children}
    </Box>
  );
}

/** What a panel shows in its chart's place when there is nothing to draw. */
export function EmptyPanel({ children }: { readonly children: string }) {
  return (
    <Center minH="40" color="fg.muted">
      <Text>{children}</Text>
    </Center>
  );
}
