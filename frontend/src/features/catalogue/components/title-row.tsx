import { Box, Flex, HStack, IconButton } from '@chakra-ui/react';
import { SectionHeading } from '../../../components/ui/section-heading';
import { useId, useRef } from 'react';
import { LuArrowRight, LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { CardStrip, CardStripItem } from '../../../components/ui/poster-card';
import { RouterLink } from '../../../components/ui/router-link';
import type { TitleSummary } from '../title-summary';
import { type CardAction, TitleCard } from './title-card';

/** Spec section 9: each press of a row's arrow scrolls it by 400 px. */
export const ROW_SCROLL_STEP_PX = 400;

export interface TitleRowProps {
  readonly heading: string;
  readonly titles: readonly TitleSummary[];
  readonly viewAllTo: string;
  readonly cardAction?: CardAction | undefined;
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
      <CardStrip
        ref={scroller}
        scrollPaddingX={{ base: '4', md: '0' }}
        css={{ scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }}
      >
        {titles.map((title) => (
          <CardStripItem key={`${title.kind}:${title.id}`}>
            <TitleCard title={title} action={cardAction} />
          </CardStripItem>
        ))}
      </CardStrip>
    </Box>
  );
}
