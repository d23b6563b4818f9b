import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { StartingNotice } from '../features/starting/starting-notice';
import { createQueryClient } from '../lib/query-client';
import { appSystem } from '../theme/system';

export function AppProvider({ children }: { readonly children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>
        {children}
        <StartingNotice />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
