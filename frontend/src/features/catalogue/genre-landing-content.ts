import type { IconType } from 'react-icons';
import {
  LuDrama,
  LuFingerprint,
  LuGhost,
  LuHeart,
  LuLaugh,
  LuPalette,
  LuRocket,
  LuSwords,
  LuWandSparkles,
  LuZap,
} from 'react-icons/lu';
import type { GenreSlug } from '../../config/genres';

/**
 * The words of one genre landing page besides its heading and description (the site map's): its
 * icon, and why the genre is worth an evening.
 */
export interface GenreLandingContent {
  readonly icon: IconType;
  readonly whyWatch: readonly string[];
}

export const genreLandingContent: Record<GenreSlug, GenreLandingContent> = {
  action: {
    icon: LuSwords,
    whyWatch: [
      'Set pieces built for the biggest screen you have',
      'Heroes worth cheering for and villains worth booing',
      'Pure adrenaline when you want to switch off and feel something',
      'Stunt work and choreography that pushes what cinema can do',
    ],
  },
  comedy: {
    icon: LuLaugh,
    whyWatch: [
      'The quickest way to lift a long day',
      'Perfect for watching together, with friends or family',
      'Quotable lines you will be repeating for weeks',
      'Stories that find warmth in everyday chaos',
    ],
  },
  horror: {
    icon: LuGhost,
    whyWatch: [
      'A safe thrill: all the fear, none of the danger',
      'Atmosphere and sound design crafted to get under your skin',
      'Classic monsters and fresh nightmares side by side',
      'The perfect pick for a group movie night',
    ],
  },
  drama: {
    icon: LuDrama,
    whyWatch: [
      'Performances that define careers',
      'Stories about people, choices and what they cost',
      'Films that start conversations long after the credits',
      'Many of the most celebrated movies ever made',
    ],
  },
  thriller: {
    icon: LuFingerprint,
    whyWatch: [
      'Plots that reward paying attention',
      'Tension that builds scene by scene',
      'Endings you will want to talk about',
      'Mysteries to solve before the characters do',
    ],
  },
  'sci-fi': {
    icon: LuRocket,
    whyWatch: [
      'Big ideas about technology, time and what makes us human',
      'Worlds and visual effects unlike anything around you',
      'Stories that imagine where we could be heading',
      'Adventure on the grandest possible scale',
    ],
  },
  romance: {
    icon: LuHeart,
    whyWatch: [
      'Characters you will root for from the first meeting',
      'The ideal choice for a date night in',
      'Heartfelt stories that celebrate connection',
      'Comfort viewing you can return to again and again',
    ],
  },
  animation: {
    icon: LuPalette,
    whyWatch: [
      'Art styles and imagination with no limits',
      'Stories that work for children and grown-ups alike',
      'Some of the most moving films of any genre',
      'Easy to pick for the whole family',
    ],
  },
  crime: {
    icon: LuZap,
    whyWatch: [
      'Morally complex characters on both sides of the law',
      'Heists, investigations and underworld sagas',
      'Sharp dialogue and unforgettable scenes',
      'Many of cinema’s most iconic performances',
    ],
  },
  fantasy: {
    icon: LuWandSparkles,
    whyWatch: [
      'Whole worlds to get lost in',
      'Epic journeys with a fellowship worth following',
      'Magic, myth and wonder for every age',
      'Escapism at its most spectacular',
    ],
  },
};

export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
}

/** The questions every genre page answers, worded for its genre. */
export function genreFaq(label: string): FaqEntry[] {
  const genre = `${label} movies`;
  return [
    {
      question: `Are these ${genre} free to watch?`,
      answer: `Yes. Every title on this page streams free, with no subscription. Open a movie and press play.`,
    },
    {
      question: 'Do I need an account to watch?',
      answer:
        'No. Anyone can watch. A free account adds favorites, a watchlist and a watch history so you can pick up where you left off.',
    },
    {
      question: `How are these ${genre} chosen?`,
      answer: `The list shows the most popular ${genre} in our catalogue right now, most popular first. It changes as new titles are added.`,
    },
    {
      question: 'What if a movie will not play?',
      answer:
        'Switch between Server 1 and Server 2 under the player, check your connection, or open the player in a new tab. Ad blockers can also stop some players.',
    },
  ];
}
