import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { PosterImage } from '../../../components/ui/poster-image';
import type { TitleSummary } from '../title-summary';
import { RatingBadge } from './rating-badge';

export interface TitleCardProps {
  readonly title: TitleSummary;
}

/** A poster card linking to the title's page: poster, title, year and rating. */
export function TitleCard({ title }: TitleCardProps) {
  return (
    <Box asChild className="group" display="block" borderRadius="xl" focusVisibleRing="outside">
      <Link to={title.path}>
        <Stack gap="2.5">
          <Box
            position="relative"
            aspectRatio="2 / 3"
            overflow="hidden"
            borderRadius="xl"
            bg="gray.900"
            borderWidth="1px"
            borderColor="whiteAlpha.100"
            boxShadow="0 18px 40px -24px rgba(0, 0, 0, 0.9)"
            transition="border-color 0.2s ease, transform 0.2s ease, box-shadow 0.2s ease"
            _groupHover={{
              borderColor: 'brand.700',
              transform: 'translateY(-3px)',
              boxShadow: '0 24px 48px -20px rgba(214, 31, 40, 0.45)',
            }}
          >
            <PosterImage
              path={title.posterPath}
              size="w500"
              alt=""
              transition="transform 0.35s ease"
              _groupHover={{ transform: 'scale(1.05)' }}
            />
            <Box
              position="absolute"
              insetX="0"
              bottom="0"
              h="35%"
              bgGradient="to-t"
              gradientFrom="blackAlpha.800"
              gradientTo="transparent"
              pointerEvents="none"
            />
          </Box>
          <Stack gap="1" px="0.5">
            <Text
              fontWeight="semibold"
              lineClamp={2}
              lineHeight="short"
              transition="color 0.15s ease"
              _groupHover={{ color: 'brand.fg' }}
            >
              {title.title || 'Untitled'}
            </Text>
            <HStack gap="2" textStyle="xs" color="fg.subtle" justify="space-between">
              <Text as="span">{title.year || '—'}</Text>
              <RatingBadge rating={title.rating} textStyle="xs" />
            </HStack>
          </Stack>
        </Stack>
      </Link>
    </Box>
  );
}
