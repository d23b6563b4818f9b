import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the server after which the cached reads under `stale` are out of date: they
 * are marked so, and those on screen are read again before the change counts as done (it stays
 * pending until then, so a busy button stays busy until the list shows the change).
 */
export function useChangeMutation<Change, Answer>(
  send: (change: Change) => Promise<Answer>,
  stale: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stale }),
  });
}
