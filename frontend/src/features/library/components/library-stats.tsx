import { Box, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { IconBadge } from '../../../components/ui/icon-badge';
import { panelLook } from '../../../components/ui/panel-look';

export interface LibraryStat {
  readonly label: string;
  readonly count: number;
  readonly icon: IconType;
}

/** The three count cards under the profile header. */
export function LibraryStats({ stats }: { readonly stats: readonly LibraryStat[] }) {
  return (
    <SimpleGrid
      as="ul"
      aria-label="Library counts"
      listStyleType="none"
      columns={3}
      gap={{ base: '2.5', md: '5' }}
    >
      {stats.map((stat) => (
        <Box
          as="li"
          key={stat.label}
          position="relative"
          overflow="hidden"
          p={{ base: '3.5', md: '6' }}
          {...panelLook}
          borderRadius={{ base: 'xl', md: '2xl' }}
          bgImage="radial-gradient(ellipse 80% 90% at 100% 0%, rgba(214, 31, 40, 0.16), transparent 70%)"
        >
          <HStack justify="space-between" align="start" gap="2">
            <Text fontFamily="heading" fontWeight="600" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1">
              {stat.count}
            </Text>
            <IconBadge icon={stat.icon} boxSize={{ base: '8', md: '11' }} iconSize={{ base: '4', md: '5' }} />
          </HStack>
          <Text
            mt={{ base: '2', md: '3' }}
            textStyle={{ base: 'xs', md: 'sm' }}
            color="fg.muted"
            fontWeight="medium"
          >
            {stat.label}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
