import type { ProjectorJobStarted } from '@cinefold/contracts';
import { apiClient } from '../../../lib/api-client';
import { useChangeMutation } from '../../../lib/change-mutation';
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
  return useChangeMutation(startProjectorJob, operationsKeys.all);
}
