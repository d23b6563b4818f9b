import { titlePath } from '@cinefold/contracts';
import { Badge, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { type TrafficWindow, useTrafficSummary } from '../api/get-traffic-summary';
import { useLiveDashboard } from '../api/live-dashboard';
import { formatCount } from '../../../lib/numbers';
import { AdPerformancePanel } from './ad-performance-panel';
import { AdminTiles } from './admin-tiles';
import { StatCards } from './stat-cards';
import { TopTitlesPanel } from './top-titles-panel';
import { TrafficBreakdowns, VisitsPanel } from './traffic-panels';
import { UserGrowthPanel } from './user-growth-panel';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';

/**
 * The back office's home (spec section 2). Stats and traffic load separately and the spinner
 * waits for the stats only; a failed load is logged and the page shows its empty states. Once
 * open, the live stream keeps every figure current.
 */
export function AdminDashboard() {
  const [days, setDays] = useState<TrafficWindow>(7);
  const stats = useDashboardStats();
  const traffic = useTrafficSummary(days);
  const live = useLiveDashboard(days);

  useEffect(() => {
    if (stats.error) console.error('Failed to load dashboard stats', stats.error);
  }, [stats.error]);
  useEffect(() => {
    if (traffic.error) console.error('Failed to load traffic summary', traffic.error);
  }, [traffic.error]);

  if (stats.isPending && !stats.data) return <PageSpinner label="Loading dashboard" />;
  const data = stats.data;

  return (
    <Stack gap="6">
      <AdminPageHeader title="Admin Dashboard" description="The site at a glance, as it happens">
        <Flex align="center" gap="3" role="status" aria-label="Live">
          <Badge colorPalette={live.live ? 'green' : 'gray'} variant="subtle" data-live={live.live}>
            {live.live ? 'Live' : 'Reconnecting'}
          </Badge>
          <Text color="fg.muted" fontSize="sm">
            Visitors now:{' '}
            <Text as="span" color="fg" fontWeight="700" data-figure="Visitors now">
              {live.visitorsNow === null ? '–' : formatCount(live.visitorsNow)}
            </Text>
          </Text>
        </Flex>
      </AdminPageHeader>

      <AdminTiles />
      <StatCards overview={data?.overview} />

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4">
        <UserGrowthPanel activity={data?.userActivity} />
        <AdPerformancePanel adStats={data?.adStats} />
      </Grid>

      <VisitsPanel summary={traffic.data} days={days} onDaysChange={setDays} />
      <TrafficBreakdowns summary={traffic.data} />

      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <TopTitlesPanel
          title="Top Movies"
          titles={data?.topMovies.map(({ id, title, poster_path, views }) => ({
            id,
            name: title,
            poster_path,
            views,
          }))}
          pathOf={(id) => titlePath('movie', id)}
        />
        <TopTitlesPanel title="Top TV Shows" titles={data?.topTVShows} pathOf={(id) => titlePath('tv', id)} />
      </Grid>
    </Stack>
  );
}
