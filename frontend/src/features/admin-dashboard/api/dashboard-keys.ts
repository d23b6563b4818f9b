/** One branch of the query cache for the dashboard, so the live stream and the loads share entries. */
export const dashboardKeys = {
  all: ['admin-dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  traffic: (days: number) => [...dashboardKeys.all, 'traffic', { days }] as const,
};
