import type { ContactMessageRequest } from '@cinefold/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /support/contact: the answer's body is not used (spec section 7). */
export function sendContactMessage(message: ContactMessageRequest): Promise<unknown> {
  return apiClient.post<unknown>('/support/contact', message);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
