import type { DashboardStatsResponse, TitleType } from '@cinefold/contracts';
import { apiClient } from '../../../lib/api-client';

/** How many titles of a type the catalogue holds, hidden ones included (a replace removes them all). */
export async function fetchTitleCount(type: TitleType): Promise<number> {
  const stats = await apiClient.get<DashboardStatsResponse>('/admin/stats', { query: { fast: 1 } });
  return type === 'movie' ? stats.overview.totalMovies : stats.overview.totalTVShows;
}
