import type { ProjectorJobStarted } from '@cinefold/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { operationsKeys } from './get-operations';

export type ProjectorJobKind = 'rebuild' | 'verify';

export function startProjectorJob({
  kind,
  projector,
}: {
  kind: ProjectorJobKind;
  projector: string;
}): Promise<ProjectorJobStarted> {
  return apiClient.post<ProjectorJobStarted>(
    kind === 'rebuild' ? '/admin/operations/rebuilds' : '/admin/operations/verifies',
    { projector },
  );
}

export function useStartProjectorJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startProjectorJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operationsKeys.all }),
  });
}
