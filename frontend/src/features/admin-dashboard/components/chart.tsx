import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ApexOptions } from 'apexcharts';
import ReactApexChartModule from 'react-apexcharts';

// The package is CommonJS setting `exports.default`: the bundler hands over the whole exports
// object as the default import, so the component is one level further down.
const ReactApexChart =
  (ReactApexChartModule as unknown as { default?: typeof ReactApexChartModule }).default ??
  ReactApexChartModule;

/** The series' colours, in order: crimson, amber, then lighter shades. */
const SERIES_COLORS = ['#ef3b43', '#fbbf24', '#fb6a70', '#f59e0b', '#b9b2b8'];

/** The site's dark palette for every chart: crimson, amber, and muted axes. */
const BASE: ApexOptions = {
  chart: {
    background: 'transparent',
    foreColor: '#b9b2b8',
    toolbar: { show: false },
    zoom: { enabled: false },
    fontFamily: 'inherit',
    // Live updates redraw in place; an animation each second would never settle.
    animations: { enabled: false },
  },
  theme: { mode: 'dark' },
  colors: SERIES_COLORS,
  grid: { borderColor: 'rgba(255, 255, 255, 0.08)' },
  dataLabels: { enabled: false },
  tooltip: { theme: 'dark' },
  legend: { show: false },
};

export interface ChartProps {
  readonly type: 'line' | 'bar';
  /** What the chart shows, for screen readers (the chart itself is drawn in SVG). */
  readonly label: string;
  readonly categories: readonly string[];
  readonly series: readonly { readonly name: string; readonly data: readonly number[] }[];
  readonly horizontal?: boolean;
  readonly height?: number;
}

/** A line or bar chart of named series over categories, in the site's look. */
export function Chart({ type, label, categories, series, horizontal = false, height = 260 }: ChartProps) {
  const options: ApexOptions = {
    ...BASE,
    chart: { ...BASE.chart, id: label },
    xaxis: { categories: [...categories] },
    yaxis: horizontal ? {} : { min: 0, forceNiceScale: true, labels: { formatter: (n) => n.toFixed(0) } },
    stroke: type === 'line' ? { curve: 'smooth', width: 3 } : { width: 0 },
    markers: type === 'line' ? { size: 3 } : {},
    plotOptions: { bar: { horizontal, borderRadius: 4, distributed: horizontal } },
  };
  const chart = (
    <Box role="img" aria-label={label} data-chart={type} minH={`${height}px`}>
      <ReactApexChart
        type={type}
        height={height}
        options={options}
        series={series.map(({ name, data }) => ({ name, data: [...data] }))}
      />
    </Box>
  );
  // A chart of one series is named by its panel; two lines need a key to tell them apart.
  if (series.length < 2) return chart;
  return (
    <Stack gap="2">
      <HStack as="ul" aria-label="Legend" listStyleType="none" gap="4" justify="end" flexWrap="wrap">
        {series.map(({ name }, index) => (
          <HStack as="li" key={name} gap="1.5">
            <Box
              aria-hidden="true"
              w="3"
              h="1"
              borderRadius="full"
              bg={SERIES_COLORS[index % SERIES_COLORS.length]}
            />
            <Text textStyle="sm" color="fg.muted">
              {name}
            </Text>
          </HStack>
        ))}
      </HStack>
      {chart}
    </Stack>
  );
}
