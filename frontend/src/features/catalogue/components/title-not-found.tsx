import { Box, Container, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft, LuFilm } from 'react-icons/lu';
import { LinkButton } from '../../../components/ui/link-button';

export interface TitleNotFoundProps {
  /** 'Movie not found' or 'TV show not found'. */
  readonly message: string;
  readonly backTo: string;
  readonly backLabel: string;
}

/** What a detail page shows for an unknown, hidden or deleted title. */
export function TitleNotFound({ message, backTo, backLabel }: TitleNotFoundProps) {
  return (
    <>
      <Box
        minH="70dvh"
        display="flex"
        alignItems="center"
        bgImage="radial-gradient(ellipse 50% 45% at 50% 30%, rgba(214, 31, 40, 0.16), transparent 70%)"
      >
        <Container maxW="2xl" pt="calc(var(--header-height) + 3rem)" pb="16" textAlign="center">
          <Stack gap="5" align="center">
            <Icon as={LuFilm} boxSize="14" color="brand.500" />
            <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="600">
              {message}
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              It may have been removed, or the link may be wrong.
            </Text>
            <LinkButton to={backTo} size="lg" mt="2">
              <Icon as={LuArrowLeft} />
              {backLabel}
            </LinkButton>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
