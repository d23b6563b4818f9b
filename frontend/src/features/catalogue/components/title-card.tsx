import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { POSTER_SHADOW, PosterFrame, PosterShade, PosterTitle } from '../../../components/ui/poster-card';
import { PosterImage } from '../../../components/ui/poster-image';
import type { TitleSummary } from '../title-summary';
import { RatingBadge } from './rating-badge';

/** Something to do with a title's card, shown under it (a member's "Not interested"). */
export type CardAction = (title: TitleSummary) => ReactNode;

export interface TitleCardProps {
  readonly title: TitleSummary;
  readonly action?: CardAction | undefined;
}

/** A poster card linking to the title's page: poster, title, year and rating; its action under it. */
export function TitleCard({ title, action }: TitleCardProps) {
  return (
    <>
      <Box asChild className="group" display="block" borderRadius="xl" focusVisibleRing="outside">
        <Link to={title.path}>
          <Stack gap="2.5">
            <PosterFrame
              boxShadow={POSTER_SHADOW}
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
              <PosterShade h="35%" />
            </PosterFrame>
            <Stack gap="1" px="0.5">
              <PosterTitle
                title={title.title}
                transition="color 0.15s ease"
                _groupHover={{ color: 'brand.fg' }}
              />
              <HStack gap="2" textStyle="xs" color="fg.subtle" justify="space-between">
                <Text as="span">{title.year || '—'}</Text>
                <RatingBadge rating={title.rating} textStyle="xs" />
              </HStack>
            </Stack>
          </Stack>
        </Link>
      </Box>
      {action?.(title)}
    </>
  );
}
