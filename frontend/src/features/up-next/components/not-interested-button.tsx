import { IconButton } from '@chakra-ui/react';
import type { TitleType } from '@cinefold/contracts';
import type { ReactNode } from 'react';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { useAuth } from '../../../lib/auth/auth-context';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { type UpNextTitle, useNotInterestedToggle } from '../api/up-next-api';

/**
 * "Not interested" on a title page, or on a card (`compact`): hides the title from the member's
 * own rows, listings and suggestions; pressed again it shows it again. A guest is sent to sign in.
 */
export function NotInterestedButton({
  title,
  compact = false,
}: {
  readonly title: UpNextTitle;
  readonly compact?: boolean;
}) {
  const { hidden, toggle } = useNotInterestedToggle(title);
  const label = hidden ? 'Hidden from your pages' : 'Not interested';
  if (compact) {
    return (
      <IconButton
        size="xs"
        variant="ghost"
        color="fg.subtle"
        aria-pressed={hidden}
        aria-label={`${hidden ? 'Show again' : 'Not interested in'}: ${title.title || 'this title'}`}
        title={hidden ? 'Show again' : 'Not interested'}
        onClick={toggle}
      >
        {hidden ? <LuEye /> : <LuEyeOff />}
      </IconButton>
    );
  }
  return (
    <ToggleButton pressed={hidden} onClick={toggle}>
      {hidden ? <LuEye /> : <LuEyeOff />}
      {label}
    </ToggleButton>
  );
}

/** What a card shows of its title (the catalogue's card summary has these). */
interface CardTitle {
  readonly kind: TitleType;
  readonly id: number;
  readonly title: string;
  readonly posterPath: string | null;
}

const cardButton = (card: CardTitle) => (
  <NotInterestedButton
    compact
    title={{ contentId: card.id, contentType: card.kind, title: card.title, poster: card.posterPath }}
  />
);

/** For a signed-in member, "Not interested" under each card of a row or a grid; nothing for a guest. */
export function useNotInterestedCards(): ((card: CardTitle) => ReactNode) | undefined {
  const { status } = useAuth();
  return status === 'signed-in' ? cardButton : undefined;
}
