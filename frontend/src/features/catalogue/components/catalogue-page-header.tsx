import { Center, Heading, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';

export interface CataloguePageHeaderProps {
  readonly title: ReactNode;
  readonly eyebrow?: string;
  readonly description?: ReactNode;
  readonly icon?: IconType;
  /** Under the description, e.g. a count of the titles. */
  readonly children?: ReactNode;
  /** False: the description waits for wider screens (a listing's posters come first on phones). */
  readonly descriptionOnPhones?: boolean;
}

/** The title block at the top of the listings and landing pages. */
export function CataloguePageHeader({
  title,
  eyebrow,
  description,
  icon,
  children,
  descriptionOnPhones = true,
}: CataloguePageHeaderProps) {
  return (
    <HStack as="header" gap={{ base: '4', md: '6' }} align="start">
      {icon && (
        <Center
          flexShrink={0}
          boxSize={{ base: '12', md: '16' }}
          borderRadius="2xl"
          bgGradient="to-br"
          gradientFrom="brand.600"
          gradientTo="brand.900"
          borderWidth="1px"
          borderColor="brand.500/40"
          boxShadow="0 12px 32px -12px rgba(214, 31, 40, 0.7)"
        >
          <Icon as={icon} boxSize={{ base: '6', md: '8' }} color="white" />
        </Center>
      )}
      <Stack gap={{ base: '2', md: '3' }} minW="0">
        {eyebrow && (
          <Text textStyle="eyebrow" color="accent">
            {eyebrow}
          </Text>
        )}
        <Heading as="h1" textStyle="display" fontSize={{ base: '4xl', md: '6xl' }}>
          {title}
        </Heading>
        {description && (
          <Text
            color="fg.muted"
            fontSize={{ base: 'md', md: 'lg' }}
            maxW="3xl"
            lineHeight="tall"
            hideBelow={descriptionOnPhones ? undefined : 'md'}
          >
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </HStack>
  );
}
