import { href } from '@cinefold/contracts';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { dropFirstScreen } from '../../lib/first-screen';

/** Shown inside the site frame when a page throws while rendering or loading. */
export function RouteErrorPage() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
    dropFirstScreen();
  }, [error]);

  return (
    <Container maxW="2xl" pt="calc(var(--header-height) + 6rem)" pb="24" textAlign="center">
      <Stack gap="5" align="center">
        <Heading as="h1" fontSize="4xl" fontWeight="600">
          Something went wrong
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          This page could not be shown. Reloading usually helps.
        </Text>
        <Stack direction="row" gap="3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <LinkButton to={href('home')} variant="outline">
            Back to home
          </LinkButton>
        </Stack>
      </Stack>
    </Container>
  );
}
