import type { DashboardStatsResponse } from '@cinefold/contracts';
import { dayLabel, hasCounts } from '../dashboard-figures';
import { Chart } from './chart';
import { EmptyPanel, Panel } from './panel';

/** Sign-ups per day over the last seven days, or 'No data available'. */
export function UserGrowthPanel({
  activity,
}: {
  readonly activity: DashboardStatsResponse['userActivity'] | undefined;
}) {
  return (
    <Panel title="User Growth (Last 7 Days)">
      {activity && hasCounts(activity) ? (
        <Chart
          type="line"
          label="New users per day"
          categories={activity.map((day) => dayLabel(day._id))}
          series={[{ name: 'New users', data: activity.map((day) => day.count) }]}
        />
      ) : (
        <EmptyPanel>No data available</EmptyPanel>
      )}
    </Panel>
  );
}
