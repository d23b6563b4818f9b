import { href } from '@cinefold/contracts';
import { Text } from '@chakra-ui/react';
import { NotFoundScreen } from '../../components/ui/not-found-screen';
import { siteName } from '../../config/site';

export function NotFoundPage() {
  return (
    <>
      <title>{`Page not found · ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <NotFoundScreen
        size="page"
        mark={
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
        }
        heading="Page not found"
        text="This reel is missing. The page you were looking for does not exist or has moved."
        backTo={href('home')}
        backLabel="Back to home"
      />
    </>
  );
}
