import { Button, HStack, Icon, IconButton, Stack, Text } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight, LuEllipsis } from 'react-icons/lu';
import { MAX_PAGE_BUTTONS, pageButtonNumbers } from '../../lib/pagination';

export interface PaginationNavProps {
  readonly page: number;
  readonly pages: number;
  readonly onPageChange: (page: number) => void;
  readonly label?: string;
  /**
   * Marks that more pages follow the numbered ones and says which page is showing, since past
   * page five the current page has no button of its own (the catalogue listings, spec section 2).
   */
  readonly showMore?: boolean;
}

/** Previous, the first few page numbers and Next; nothing at all when there is a single page. */
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
      <HStack gap="1.5" justify="center" wrap="wrap">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <LuChevronLeft />
          <span>Previous</span>
        </Button>
        {pageButtonNumbers(pages).map((number) => (
          <IconButton
            key={number}
            size="sm"
            variant={number === page ? 'solid' : 'ghost'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onPageChange(number)}
          >
            {number}
          </IconButton>
        ))}
        {showMore && pages > MAX_PAGE_BUTTONS && (
          <Icon as={LuEllipsis} aria-label="More pages" role="img" color="fg.subtle" mx="1" />
        )}
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          <span>Next</span>
          <LuChevronRight />
        </Button>
      </HStack>
      {showMore && (
        <Text textStyle="xs" color="fg.subtle" aria-live="polite">
          Page {page} of {pages}
        </Text>
      )}
    </Stack>
  );
}
