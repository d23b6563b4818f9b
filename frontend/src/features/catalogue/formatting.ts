import { onFirstUse } from '@cinefold/contracts';

const dollars = onFirstUse(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);
const monthAndYear = onFirstUse(() => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }));

/** 148 minutes as "2h 28m"; empty when the runtime is unknown (0 in the datasets). */
export function formatRuntime(minutes: number | null | undefined): string {
  if (!minutes || minutes <= 0 || !Number.isFinite(minutes)) return '';
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** Budget and revenue: "$160,000,000", or "N/A" for the 0 the datasets use for unknown. */
export function formatMoney(amount: number | null | undefined): string {
  if (!amount || amount <= 0 || !Number.isFinite(amount)) return 'N/A';
  return dollars().format(amount);
}

/** A vote average on the 0 to 10 scale with one decimal: "8.4". */
export function formatRating(rating: number | null | undefined): string {
  return (rating ?? 0).toFixed(1);
}

/** Said instead of a rating where there is none: no votes, or the 0 the datasets write then. */
export const NOT_RATED = 'Not rated yet';

/** Whether a title has a rating to show: some votes and an average above 0. */
export function isRated(rating: number | null | undefined, voteCount?: number | null): boolean {
  return (rating ?? 0) > 0 && (voteCount === undefined || (voteCount ?? 0) > 0);
}

/** Cut at a word with an ellipsis; shared with the gateway's first screen. */
export { truncateText } from '@cinefold/contracts';

/** "November 2026", for lists that name the month they were made in. */
export function formatMonthYear(date: Date): string {
  return monthAndYear().format(date);
}
