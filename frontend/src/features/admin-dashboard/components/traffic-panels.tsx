import type { TrafficSummaryResponse } from '@cinefold/contracts';
import { Grid, NativeSelect } from '@chakra-ui/react';
import { TRAFFIC_WINDOWS, type TrafficWindow } from '../api/get-traffic-summary';
import { dayLabel, hasCounts } from '../dashboard-figures';
import { Chart } from './chart';
import { EmptyPanel, Panel } from './panel';

function WindowChoice({
  days,
  onChange,
}: {
  readonly days: TrafficWindow;
  readonly onChange: (days: TrafficWindow) => void;
}) {
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label="Traffic window"
        value={days}
        onChange={(event) => {
          const chosen = TRAFFIC_WINDOWS.find((n) => String(n) === event.currentTarget.value);
          if (chosen) onChange(chosen);
        }}
        bg="blackAlpha.400"
        borderColor="whiteAlpha.200"
      >
        {TRAFFIC_WINDOWS.map((n) => (
          <option key={n} value={n}>
            Last {n} days
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Visits per day over the chosen window, or 'No traffic data'. */
export function VisitsPanel({
  summary,
  days,
  onDaysChange,
}: {
  readonly summary: TrafficSummaryResponse | undefined;
  readonly days: TrafficWindow;
  readonly onDaysChange: (days: TrafficWindow) => void;
}) {
  return (
    <Panel
      title={`Traffic: Visits (Last ${days} days)`}
      aside={<WindowChoice days={days} onChange={onDaysChange} />}
    >
      {summary && hasCounts(summary.timeseries) ? (
        <Chart
          type="line"
          label="Visits and visitors per day"
          categories={summary.timeseries.map((point) => dayLabel(point.day))}
          series={[
            { name: 'Visits', data: summary.timeseries.map((point) => point.count) },
            { name: 'Visitors', data: summary.timeseries.map((point) => point.visitors) },
          ]}
        />
      ) : (
        <EmptyPanel>No traffic data</EmptyPanel>
      )}
    </Panel>
  );
}

function BreakdownPanel({
  title,
  empty,
  rows,
}: {
  readonly title: string;
  readonly empty: string;
  readonly rows: readonly { readonly name: string; readonly count: number }[] | undefined;
}) {
  const shown = rows?.slice(0, 10) ?? [];
  return (
    <Panel title={title}>
      {hasCounts(shown) ? (
        <Chart
          type="bar"
          horizontal
          label={title}
          height={Math.max(160, shown.length * 36)}
          categories={shown.map((row) => row.name)}
          series={[{ name: 'Visits', data: shown.map((row) => row.count) }]}
        />
      ) : (
        <EmptyPanel>{empty}</EmptyPanel>
      )}
    </Panel>
  );
}

/** Where the visits came from, on what, and from which countries. */
export function TrafficBreakdowns({ summary }: { readonly summary: TrafficSummaryResponse | undefined }) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'repeat(3, 1fr)' }} gap="4">
      <BreakdownPanel
        title="Top Sources"
        empty="No source data"
        rows={summary?.sources.map(({ source, count }) => ({ name: source, count }))}
      />
      <BreakdownPanel
        title="Devices"
        empty="No device data"
        rows={summary?.devices.map(({ device, count }) => ({ name: device, count }))}
      />
      <BreakdownPanel
        title="Top Countries"
        empty="No country data"
        rows={summary?.countries.map(({ country, count }) => ({ name: country, count }))}
      />
    </Grid>
  );
}
