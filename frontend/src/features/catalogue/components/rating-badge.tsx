import { HStack, Icon, type StackProps, Text } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';
import { formatRating, isRated, NOT_RATED } from '../formatting';

export interface RatingBadgeProps extends StackProps {
  readonly rating: number;
  /** Adds "/10" after the number, where the scale is not obvious from the context. */
  readonly outOfTen?: boolean;
  /** Whether there is a rating to show; by default, whether the average is above 0. */
  readonly rated?: boolean;
}

/** The amber star and vote average every title shows, or "Not rated yet" where it has none. */
export function RatingBadge({
  rating,
  outOfTen = false,
  rated = isRated(rating),
  ...props
}: RatingBadgeProps) {
  if (!rated) {
    return (
      <HStack gap="1" color="fg.subtle" {...props}>
        <Icon as={LuStar} boxSize="0.9em" aria-hidden="true" />
        <Text as="span">{NOT_RATED}</Text>
      </HStack>
    );
  }
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
