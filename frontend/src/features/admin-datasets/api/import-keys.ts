export const importJobKeys = {
  all: ['admin-import-jobs'] as const,
  job: (jobId: string) => [...importJobKeys.all, jobId] as const,
};
