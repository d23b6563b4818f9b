/**
 * The page's first screen, written by the gateway so a visitor sees the page's words as soon as
 * the HTML arrives instead of a blank page until the app's code and first answer do: the site's
 * name, the page's heading (the home hero's movie, a title's name, a landing page's title) and
 * its first lines, in the app's colours and fonts.
 *
 * It lies over the app (`#first-screen`, absolutely placed, so taking it away moves nothing) and
 * lets clicks through; the app removes it once its page has rendered with its data (see the
 * frontend's lib/first-screen.ts). It is hidden from assistive technology: the app underneath is
 * the page they read. No script: styles only, which the Content-Security-Policy allows inline.
 */
import {
  BACKDROP_SIZES,
  backdropSources,
  FONTS,
  HEADER_HEIGHT,
  PALETTE,
  truncateText,
} from '@cinefold/contracts';
import { escapeHtml } from './head-html.js';

export interface FirstScreen {
  /** The small line over the heading ("#1 Trending Movie"). */
  readonly eyebrow: string;
  readonly heading: string;
  /** The first lines under the heading (an overview, a description); empty for none. */
  readonly text: string;
  /** The hero's backdrop (a title's `backdrop_path`), drawn behind the words as the app draws it. */
  readonly backdrop?: string | null;
}

/** The home hero's overview is cut like the app's (spec section 9: 200 characters). */
export const FIRST_SCREEN_TEXT_LIMIT = 200;

/** Cut at a word, with an ellipsis, as the app cuts it. */
export function cutText(text: string, limit = FIRST_SCREEN_TEXT_LIMIT): string {
  return truncateText(text, limit);
}

// The app's colours as its theme names them (contracts' design tokens): the page (bg), its words
// (fg), the eyebrow (accent) and the lines under the heading (fg.muted).
const COLOR = {
  page: PALETTE.night.value,
  words: PALETTE.gray[50].value,
  eyebrow: PALETTE.amber[400].value,
  lines: PALETTE.gray[300].value,
};
const BAR = HEADER_HEIGHT;

// The app's sizes: its header, its container's padding, under Chakra's breakpoints (30em, 48em).
// The heading is a step larger than the app's hero heading (5xl, 6xl from sm, 7xl from md), with
// its shadow: the first screen's largest words stay the page's largest paint, so the app taking
// over does not count as a later, larger one. The backdrop fills the screen under the bar, at
// least the app's hero: the app's copy of it is no larger.
const STYLE = [
  `#first-screen{position:absolute;top:0;left:0;right:0;min-height:100dvh;z-index:1400;pointer-events:none;background:${COLOR.page};color:${COLOR.words};font-family:${FONTS.body.value}}`,
  `#first-screen .fs-backdrop{position:absolute;top:${BAR.base};left:0;width:100%;height:calc(100dvh - ${BAR.base});object-fit:cover;object-position:center 20%;opacity:.45}`,
  `#first-screen .fs-bar{position:relative;height:${BAR.base};display:flex;align-items:center;padding:0 1rem;font-family:${FONTS.heading.value};font-weight:600;font-size:1.5rem;letter-spacing:.02em;text-transform:uppercase}`,
  '#first-screen .fs-body{position:relative;max-width:42rem;padding:2rem 1rem}',
  `#first-screen .fs-eyebrow{margin:0 0 1rem;font-size:.75rem;line-height:1rem;font-weight:600;letter-spacing:.18em;text-transform:uppercase;color:${COLOR.eyebrow}}`,
  `#first-screen .fs-heading{margin:0 0 1.25rem;font-family:${FONTS.heading.value};font-weight:600;font-size:3.75rem;line-height:.95;letter-spacing:.02em;text-transform:uppercase;overflow-wrap:anywhere;text-shadow:0 4px 30px rgba(0,0,0,.6)}`,
  `#first-screen .fs-text{margin:0;font-size:1rem;line-height:1.625;color:${COLOR.lines}}`,
  '@media (min-width:30em){#first-screen .fs-heading{font-size:4.5rem}}',
  `@media (min-width:48em){#first-screen .fs-backdrop{top:${BAR.md};height:calc(100dvh - ${BAR.md})}#first-screen .fs-bar{height:${BAR.md};padding:0 2rem}#first-screen .fs-body{padding:4rem 2rem}#first-screen .fs-heading{font-size:6rem}#first-screen .fs-text{font-size:1.125rem}}`,
].join('');

/**
 * The backdrop as the app's hero draws it (same src, srcset and sizes, so the browser loads one
 * file for both), asked for first: it is the page's largest picture.
 */
function backdropHtml(path: string | null | undefined): string {
  const sources = backdropSources(path);
  if (!sources) return '';
  const srcset = sources.srcSet ? ` srcset="${escapeHtml(sources.srcSet)}" sizes="${BACKDROP_SIZES}"` : '';
  return `<img class="fs-backdrop" src="${escapeHtml(sources.src)}"${srcset} alt="" fetchpriority="high">`;
}

/** The first screen's HTML, placed first in `<body>`. */
export function firstScreenHtml(screen: FirstScreen, siteName: string): string {
  return (
    `<div id="first-screen" aria-hidden="true"><style>${STYLE}</style>` +
    backdropHtml(screen.backdrop) +
    `<div class="fs-bar">${escapeHtml(siteName)}</div>` +
    '<div class="fs-body">' +
    `<p class="fs-eyebrow">${escapeHtml(screen.eyebrow)}</p>` +
    `<p class="fs-heading">${escapeHtml(screen.heading)}</p>` +
    (screen.text ? `<p class="fs-text">${escapeHtml(screen.text)}</p>` : '') +
    '</div></div>'
  );
}

/** index.html's tail with the first screen placed right after `<body>` (unchanged without one). */
export function withFirstScreen(after: string, html: string): string {
  const body = /<body\b[^>]*>/i.exec(after);
  if (!body) return after;
  const at = body.index + body[0].length;
  return `${after.slice(0, at)}${html}${after.slice(at)}`;
}
