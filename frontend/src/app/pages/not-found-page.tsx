import { href, notFoundHead, PAGE_NOT_FOUND } from '@cinefold/contracts';
import { Text } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { NotFoundScreen } from '../../components/ui/not-found-screen';

/**
 * Any address the site has no page at: the title and robots rule of the head the gateway wrote
 * with its 404 (only those: the router holds this page from the start, and the whole head's tags
 * would add to every first download), and the way home.
 */
export function NotFoundPage() {
  const { title, robots } = notFoundHead(useLocation().pathname, PAGE_NOT_FOUND);
  return (
    <>
      <title>{title}</title>
      {robots && <meta name="robots" content={robots} />}
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
        heading={PAGE_NOT_FOUND}
        text="This reel is missing. The page you were looking for does not exist or has moved."
        backTo={href('home')}
        backLabel="Back to home"
      />
    </>
  );
}
