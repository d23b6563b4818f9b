import { HStack, Icon, type StackProps, Text } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';
import { formatRating } from '../formatting';

export interface RatingBadgeProps extends StackProps {
  readonly rating: number;
  /** Adds "/10" after the number, where the scale is not obvious from the context. */
  readonly outOfTen?: boolean;
}

/** The amber star and vote average every title shows. */
export function RatingBadge({ rating, outOfTen = false, ...props }: RatingBadgeProps) {
  return (
    <HStack gap="1" color="accent" fontWeight="semibold" {...props}>
      <Icon as={LuStar} fill="currentColor" boxSize="0.9em" aria-hidden="true" />
      <Text as="span" aria-label={`Rated ${formatRating(rating)} out of 10`}>
        {formatRating(rating)}
        {outOfTen && (
          <Text as="span" color="fg.subtle" fontWeight="normal">
            /10
          </Text>
        )}
      </Text>
    </HStack>
  );
}
