export interface Row {
  readonly measure: string;
  readonly value: number;
  readonly unit: string;
  /** The figure an issue asks for, e.g. '>= 100000'. */
  readonly target?: string;
  /** Value relative to the baseline measured in the same run. */
  readonly ratio?: number;
}

const formatNumber = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));

export function printTable(rows: readonly Row[]): void {
  const cells = rows.map((r) => [
    r.measure,
    `${formatNumber(r.value)} ${r.unit}`,
    r.target ?? '',
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`,
  ]);
  const header = ['measure', 'value', 'target', 'vs baseline'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const c of cells) process.stdout.write(`${line(c)}\n`);
}

/** The value below which a share `q` (0 to 1) of `values` falls; 0 when there are none. */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
