import { Icon } from '@chakra-ui/react';
import { LuFilm } from 'react-icons/lu';
import { NotFoundScreen } from '../../../components/ui/not-found-screen';

export interface TitleNotFoundProps {
  /** 'Movie not found' or 'TV show not found'. */
  readonly message: string;
  readonly backTo: string;
  readonly backLabel: string;
}

/** What a detail page shows for an unknown, hidden or deleted title. */
export function TitleNotFound({ message, backTo, backLabel }: TitleNotFoundProps) {
  return (
    <NotFoundScreen
      size="title"
      mark={<Icon as={LuFilm} boxSize="14" color="brand.500" />}
      heading={message}
      text="It may have been removed, or the link may be wrong."
      backTo={backTo}
      backLabel={backLabel}
    />
  );
}
