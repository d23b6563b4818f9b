import type { DashboardStatsResponse } from '@cinefold/contracts';
import { Box, Progress, Stack, Text } from '@chakra-ui/react';
import { formatCount } from '../../../lib/numbers';
import { clickThroughRate } from '../dashboard-figures';
import { Panel } from './panel';

/** Fixed widths (spec section 2): the bars decorate, they do not measure. */
const DECORATIVE_WIDTHS = [75, 60, 45] as const;

function Figure({ label, value }: { readonly label: string; readonly value: string }) {
  return (
    <Box display="flex" justifyContent="space-between" alignItems="baseline">
      <Text color="fg.muted">{label}</Text>
      <Text fontSize="xl" fontWeight="700" data-figure={label}>
        {value}
      </Text>
    </Box>
  );
}

/** Total impressions and clicks of every ad, and their click-through rate. */
export function AdPerformancePanel({
  adStats,
}: {
  readonly adStats: DashboardStatsResponse['adStats'] | undefined;
}) {
  const impressions = adStats?.totalImpressions ?? 0;
  const clicks = adStats?.totalClicks ?? 0;
  const figures = [
    { label: 'Total Impressions', value: formatCount(impressions) },
    { label: 'Total Clicks', value: formatCount(clicks) },
    { label: 'Click-Through Rate', value: `${clickThroughRate(impressions, clicks)}%` },
  ];
  return (
    <Panel title="Ad Performance">
      <Stack gap="5">
        {figures.map((figure, i) => (
          <Stack key={figure.label} gap="2">
            <Figure label={figure.label} value={figure.value} />
            <Progress.Root
              value={DECORATIVE_WIDTHS[i]!}
              size="sm"
              colorPalette={i === 1 ? 'amber' : 'brand'}
              aria-hidden
            >
              <Progress.Track bg="whiteAlpha.100">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          </Stack>
        ))}
      </Stack>
    </Panel>
  );
}
