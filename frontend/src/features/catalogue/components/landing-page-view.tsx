import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { showingCount } from '../landing-pages';
import type { TitleSummary } from '../title-summary';
import type { CardAction } from './title-card';
import { CataloguePageFrame } from './catalogue-page-frame';
import { CataloguePageHeader } from './catalogue-page-header';
import { TitleGrid } from './title-grid';

export interface LandingPageViewProps {
  readonly heading: string;
  readonly eyebrow?: string;
  readonly description: ReactNode;
  readonly icon?: IconType;
  /** The page's ad slots, above the grid and at the end of the page. */
  readonly topAd?: ReactNode;
  readonly bottomAd?: ReactNode;
  readonly isPending: boolean;
  readonly titles: readonly TitleSummary[];
  readonly cardAction?: CardAction | undefined;
  readonly emptyText: string;
  readonly emptyHint?: string;
  /** Sections under the grid, e.g. a genre page's why-watch list and FAQ. */
  readonly children?: ReactNode;
}

/** A landing page of one fixed selection: title, count, ads and a grid of movie cards. */
export function LandingPageView(props: LandingPageViewProps) {
  const { heading, isPending, titles } = props;
  return (
    <CataloguePageFrame>
      <CataloguePageHeader
        eyebrow={props.eyebrow}
        title={heading}
        description={props.description}
        icon={props.icon}
      >
        <Text color="fg.subtle" textStyle="sm" minH="5" aria-live="polite">
          {isPending ? null : showingCount(titles.length)}
        </Text>
      </CataloguePageHeader>
      {props.topAd}
      {isPending ? (
        <Center py="24" role="status" aria-label={`Loading ${heading}`}>
          <Spinner size="xl" color="brand.500" borderWidth="3px" />
        </Center>
      ) : (
        <TitleGrid
          label={heading}
          titles={titles}
          emptyText={props.emptyText}
          emptyHint={props.emptyHint}
          cardAction={props.cardAction}
        />
      )}
      {props.children && <Stack gap={{ base: '12', md: '16' }}>{props.children}</Stack>}
      {props.bottomAd}
    </CataloguePageFrame>
  );
}
