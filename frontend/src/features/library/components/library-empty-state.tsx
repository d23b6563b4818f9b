import { href } from '@cinefold/contracts';
import { EmptyState, Icon } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCompass } from 'react-icons/lu';
import { LinkButton } from '../../../components/ui/link-button';

export function LibraryEmptyState({ icon, hint }: { readonly icon: IconType; readonly hint: string }) {
  return (
    <EmptyState.Root
      py="16"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="whiteAlpha.200"
      borderRadius="2xl"
      bg="whiteAlpha.50"
    >
      <EmptyState.Content>
        <EmptyState.Indicator color="brand.400">
          <Icon as={icon} boxSize="10" />
        </EmptyState.Indicator>
        <EmptyState.Title fontSize="xl">No items yet</EmptyState.Title>
        <EmptyState.Description color="fg.subtle" maxW="sm" textAlign="center">
          {hint}
        </EmptyState.Description>
        <LinkButton to={href('movies')} variant="outline" size="md" mt="2">
          <LuCompass />
          Start exploring content
        </LinkButton>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
