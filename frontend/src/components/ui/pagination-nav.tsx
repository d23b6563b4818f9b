import { Box, Button, chakra, HStack, Icon, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight, LuEllipsis } from 'react-icons/lu';
import { pageSlots } from '../../lib/pagination';

export interface PaginationNavProps {
  readonly page: number;
  readonly pages: number;
  readonly onPageChange: (page: number) => void;
  readonly label?: string;
  /** Says which page is showing under the buttons ("Page 7 of 152"), for the long listings. */
  readonly showMore?: boolean;
}

/** Phones get the smaller buttons, so Previous, five numbers and Next share one row at 360 px. */
const BUTTON_SIZE = { base: 'xs', sm: 'sm' } as const;

/**
 * Previous, at most five numbered buttons (the first page, the current one and its neighbours,
 * the last page) with a mark where pages are left out, and Next, all on one row; nothing at all
 * when there is a single page. The words of Previous and Next give way to their arrows on phones.
 */
export function PaginationNav({
  page,
  pages,
  onPageChange,
  label = 'Pagination',
  showMore = false,
}: PaginationNavProps) {
  if (pages <= 1) return null;
  return (
    <Stack as="nav" aria-label={label} gap="3" align="center">
      <HStack gap={{ base: '1', sm: '1.5' }} justify="center" wrap="nowrap">
        <Button
          variant="outline"
          size={BUTTON_SIZE}
          aria-label="Previous"
          disabled={page <= 1}
          onClick={() => onPageChange(Math.min(page - 1, pages))}
        >
          <LuChevronLeft />
          <chakra.span hideBelow="sm">Previous</chakra.span>
        </Button>
        {pageSlots(page, pages).map((slot, index) =>
          slot === 'gap' ? (
            <Box key={`gap-${index}`} aria-hidden="true" color="fg.subtle" display="flex" px="0.5">
              <Icon as={LuEllipsis} boxSize="3.5" />
            </Box>
          ) : (
            <IconButton
              key={slot}
              size={BUTTON_SIZE}
              minW={{ base: '8', sm: '9' }}
              px="1.5"
              variant={slot === page ? 'solid' : 'ghost'}
              aria-current={slot === page ? 'page' : undefined}
              aria-label={`Page ${slot}`}
              onClick={() => onPageChange(slot)}
            >
              {slot}
            </IconButton>
          ),
        )}
        <Button
          variant="outline"
          size={BUTTON_SIZE}
          aria-label="Next"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          <chakra.span hideBelow="sm">Next</chakra.span>
          <LuChevronRight />
        </Button>
      </HStack>
      {showMore && page <= pages && (
        <Text textStyle="xs" color="fg.subtle" aria-live="polite">
          Page {page} of {pages}
        </Text>
      )}
    </Stack>
  );
}
