import { href } from '@cinefold/contracts';
import { Grid, Icon, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuClapperboard, LuDatabase, LuExternalLink, LuMegaphone, LuUsers } from 'react-icons/lu';
import { Link } from 'react-router-dom';
import { panelLook } from '../../../components/ui/panel-look';

const TILES: readonly { to: string; title: string; description: string; icon: IconType }[] = [
  { to: href('adminUsers'), title: 'Users', description: 'Manage accounts', icon: LuUsers },
  {
    to: href('adminContent'),
    title: 'Content',
    description: 'Search, hide/unhide, delete items',
    icon: LuClapperboard,
  },
  { to: href('adminAds'), title: 'Ads', description: 'Create and manage ads', icon: LuMegaphone },
  {
    to: href('adminDatasets'),
    title: 'Datasets',
    description: 'Upload CSV to seed movies or TV',
    icon: LuDatabase,
  },
  { to: href('home'), title: 'View Site', description: 'Open the public site', icon: LuExternalLink },
];

/** The five shortcuts at the top of the dashboard (spec section 2). */
export function AdminTiles() {
  return (
    <Grid
      as="nav"
      aria-label="Back office"
      templateColumns={{ base: '1fr 1fr', md: 'repeat(5, 1fr)' }}
      gap="3"
    >
      {TILES.map((tile) => (
        <LinkBox
          key={tile.to}
          p="4"
          {...panelLook}
          borderRadius="xl"
          transition="border-color 0.15s"
          _hover={{ borderColor: 'brand.500' }}
        >
          <Stack gap="2">
            <Icon as={tile.icon} boxSize="5" color="brand.400" />
            <LinkOverlay asChild>
              <Link to={tile.to}>
                <Text fontWeight="600">{tile.title}</Text>
              </Link>
            </LinkOverlay>
            <Text fontSize="sm" color="fg.muted">
              {tile.description}
            </Text>
          </Stack>
        </LinkBox>
      ))}
    </Grid>
  );
}
