import { Box, Container, Flex, Heading, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { FaFacebookF, FaInstagram, FaXTwitter, FaYoutube } from 'react-icons/fa6';
import { Logo } from '../../components/logo';
import { SiteNavItems } from '../../components/ui/site-nav-link';
import { footerGenreItems, footerPopularItems, type NavItem } from '../../config/navigation';
import { siteDescription, siteName, siteTagline } from '../../config/site';

interface SocialLink {
  readonly label: string;
  readonly icon: IconType;
}

// Placeholders: the product has no social accounts yet (spec section 2).
const socialLinks: readonly SocialLink[] = [
  { label: 'Facebook', icon: FaFacebookF },
  { label: 'Twitter', icon: FaXTwitter },
  { label: 'Instagram', icon: FaInstagram },
  { label: 'YouTube', icon: FaYoutube },
];

function FooterLinkColumn({ title, items }: { readonly title: string; readonly items: readonly NavItem[] }) {
  return (
    <Stack as="nav" aria-label={title} gap="3">
      <Heading as="h2" textStyle="eyebrow" color="fg" fontFamily="body">
        {title}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="1">
        <SiteNavItems items={items} placement="footer" />
      </Stack>
    </Stack>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box
      as="footer"
      position="relative"
      bg="bg.subtle"
      borderTopWidth="1px"
      borderColor="whiteAlpha.100"
      _before={{
        content: '""',
        position: 'absolute',
        top: '-1px',
        insetX: '0',
        h: '1px',
        bgGradient: 'to-r',
        gradientFrom: 'transparent',
        gradientVia: 'brand.600',
        gradientTo: 'transparent',
        opacity: 0.6,
      }}
    >
      <Container maxW="7xl" pt={{ base: '12', md: '16' }} pb="8">
        <SimpleGrid columns={{ base: 2, lg: 4 }} columnGap="8" rowGap={{ base: '10', lg: '12' }}>
          <Stack gap="5" gridColumn="span 2" maxW="md">
            <Logo />
            <Text color="fg.muted" textStyle="sm" lineHeight="tall">
              {siteDescription}
            </Text>
            <HStack gap="2">
              {socialLinks.map(({ label, icon: SocialIcon }) => (
                <IconButton
                  key={label}
                  asChild
                  variant="outline"
                  size="sm"
                  color="fg.muted"
                  _hover={{ color: 'fg', bg: 'brand.solid', borderColor: 'brand.solid' }}
                >
                  {/* The spec asks for placeholder links until the accounts exist; a click must not jump the page to the top. */}
                  <a href="#" aria-label={label} onClick={(event) => event.preventDefault()}>
                    <SocialIcon />
                  </a>
                </IconButton>
              ))}
            </HStack>
          </Stack>
          <FooterLinkColumn title="Genres" items={footerGenreItems} />
          <FooterLinkColumn title="Popular" items={footerPopularItems} />
        </SimpleGrid>
        <Flex
          mt={{ base: '10', md: '14' }}
          pt="6"
          borderTopWidth="1px"
          borderColor="whiteAlpha.100"
          direction={{ base: 'column', sm: 'row' }}
          gap="2"
          justify="space-between"
          color="fg.subtle"
          textStyle="xs"
        >
          <Text>
            © {year} {siteName}. All rights reserved.
          </Text>
          <Text>{siteTagline}</Text>
        </Flex>
      </Container>
    </Box>
  );
}
