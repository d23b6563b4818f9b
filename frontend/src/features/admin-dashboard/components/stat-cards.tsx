import type { DashboardStatsResponse } from '@cinefold/contracts';
import { Box, Grid, Icon, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuEye, LuFilm, LuTv, LuUsers } from 'react-icons/lu';
import { formatCount } from '../../../lib/numbers';
import { panelCardLook } from '../../../components/ui/panel-look';

function StatCard({
  label,
  value,
  note,
  icon,
}: {
  readonly label: string;
  readonly value: number | undefined;
  readonly note?: string;
  readonly icon: IconType;
}) {
  return (
    <Box as="section" aria-label={label} p="5" {...panelCardLook}>
      <Stack gap="1">
        <Box display="flex" justifyContent="space-between" alignItems="center">
          <Text fontSize="sm" color="fg.muted">
            {label}
          </Text>
          <Icon as={icon} boxSize="5" color="amber.400" />
        </Box>
        <Text fontSize="3xl" fontWeight="700" data-figure={label}>
          {formatCount(value ?? 0)}
        </Text>
        {note && (
          <Text fontSize="sm" color="green.400">
            {note}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

/** Total Users (with this month's sign-ups), Total Movies, Total TV Shows, Total Views. */
export function StatCards({
  overview,
}: {
  readonly overview: DashboardStatsResponse['overview'] | undefined;
}) {
  return (
    <Grid templateColumns={{ base: '1fr 1fr', lg: 'repeat(4, 1fr)' }} gap="4">
      <StatCard
        label="Total Users"
        value={overview?.totalUsers}
        note={`+${formatCount(overview?.newUsers ?? 0)} this month`}
        icon={LuUsers}
      />
      <StatCard label="Total Movies" value={overview?.totalMovies} icon={LuFilm} />
      <StatCard label="Total TV Shows" value={overview?.totalTVShows} icon={LuTv} />
      <StatCard label="Total Views" value={overview?.totalViews} icon={LuEye} />
    </Grid>
  );
}
