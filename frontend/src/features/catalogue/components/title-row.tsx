import { Box, chakra, Flex, HStack, IconButton } from '@chakra-ui/react';
import { SectionHeading } from '../../../components/ui/section-heading';
import { type ReactNode, useId, useRef } from 'react';
import { LuArrowRight, LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { RouterLink } from '../../../components/ui/router-link';
import type { TitleSummary } from '../title-summary';
import { TitleCard } from './title-card';

/** Spec section 9: each press of a row's arrow scrolls it by 400 px. */
export const ROW_SCROLL_STEP_PX = 400;

export interface TitleRowProps {
  readonly heading: string;
  readonly titles: readonly TitleSummary[];
  readonly viewAllTo: string;
  /** Something to do with a card, shown under it (a member's "Not interested"). */
  readonly cardAction?: ((title: TitleSummary) => ReactNode) | undefined;
}

/** A labelled horizontal strip of cards with View All and scroll arrows; nothing when empty. */
export function TitleRow({ heading, titles, viewAllTo, cardAction }: TitleRowProps) {
  const headingId = useId();
  const scroller = useRef<HTMLUListElement>(null);
  if (titles.length === 0) return null;

  const scroll = (direction: 1 | -1) =>
    scroller.current?.scrollBy({ left: direction * ROW_SCROLL_STEP_PX, behavior: 'smooth' });

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Flex align="end" justify="space-between" gap="4" mb={{ base: '4', md: '5' }}>
        <HStack gap="4" align="baseline">
          <SectionHeading id={headingId}>{heading}</SectionHeading>
          <RouterLink
            to={viewAllTo}
            aria-label={`View all: ${heading}`}
            color="fg.subtle"
            textStyle="sm"
            fontWeight="medium"
            display="inline-flex"
            gap="1"
            alignItems="center"
            _hover={{ color: 'brand.fg', textDecoration: 'none' }}
          >
            View All
            <LuArrowRight />
          </RouterLink>
        </HStack>
        <HStack gap="2" flexShrink={0}>
          <IconButton
            variant="outline"
            size="sm"
            aria-label={`Scroll ${heading} left`}
            onClick={() => scroll(-1)}
          >
            <LuChevronLeft />
          </IconButton>
          <IconButton
            variant="outline"
            size="sm"
            aria-label={`Scroll ${heading} right`}
            onClick={() => scroll(1)}
          >
            <LuChevronRight />
          </IconButton>
        </HStack>
      </Flex>
      <chakra.ul
        ref={scroller}
        display="flex"
        gap={{ base: '3', md: '5' }}
        overflowX="auto"
        listStyleType="none"
        scrollSnapType="x mandatory"
        // Room for the cards' hover lift and shadow, which the scroll box would otherwise clip.
        pt="1"
        pb="4"
        mx={{ base: '-4', md: '0' }}
        px={{ base: '4', md: '0' }}
        scrollPaddingX={{ base: '4', md: '0' }}
        css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
      >
        {titles.map((title) => (
          <Box
            as="li"
            key={`${title.kind}:${title.id}`}
            flex="0 0 auto"
            w={{ base: '36', md: '44' }}
            scrollSnapAlign="start"
          >
            <TitleCard title={title} />
            {cardAction?.(title)}
          </Box>
        ))}
      </chakra.ul>
    </Box>
  );
}
