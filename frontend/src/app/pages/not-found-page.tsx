import { href } from '@cinefold/contracts';
import { Box, Container, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { LinkButton } from '../../components/ui/link-button';
import { siteName } from '../../config/site';

export function NotFoundPage() {
  return (
    <>
      <title>{`Page not found · ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <Box
        minH="80dvh"
        display="flex"
        alignItems="center"
        bgImage="radial-gradient(ellipse 50% 45% at 50% 30%, rgba(214, 31, 40, 0.18), transparent 70%)"
      >
        <Container maxW="3xl" pt="calc(var(--header-height) + 4rem)" pb="20" textAlign="center">
          <Stack gap="6" align="center">
            <Text
              aria-hidden="true"
              textStyle="display"
              fontSize={{ base: '8xl', md: '9xl' }}
              lineHeight="1"
              color="transparent"
              bgGradient="to-b"
              gradientFrom="brand.500"
              gradientTo="brand.950"
              bgClip="text"
            >
              404
            </Text>
            <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="600" letterSpacing="0.01em">
              Page not found
            </Heading>
            <Text color="fg.muted" fontSize="lg" maxW="md">
              This reel is missing. The page you were looking for does not exist or has moved.
            </Text>
            <LinkButton to={href('home')} size="lg" mt="2">
              <Icon as={LuArrowLeft} />
              Back to home
            </LinkButton>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
