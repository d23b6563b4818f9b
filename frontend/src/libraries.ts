/**
 * The libraries the app starts with, imported on their own by the entry (main.tsx) so that the
 * browser runs their code in one task and the app's own in the next: one long task split in two.
 */
export { StrictMode, startTransition } from 'react';
export { createRoot } from 'react-dom/client';
export { ChakraProvider, createSystem } from '@chakra-ui/react';
export { QueryClientProvider } from '@tanstack/react-query';
export { createBrowserRouter, RouterProvider } from 'react-router-dom';
