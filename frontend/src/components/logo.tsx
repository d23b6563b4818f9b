import { href } from '@cinefold/contracts';
import { chakra, HStack } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { siteName } from '../config/site';

function LogoMark() {
  return (
    <chakra.svg viewBox="0 0 32 32" boxSize={{ base: '7', md: '8' }} aria-hidden="true" flexShrink={0}>
      <defs>
        <linearGradient id="cinefold-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbbf24" />
          <stop offset="1" stopColor="#d61f28" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#16121a" stroke="rgba(255,255,255,0.12)" />
      <path d="M11.5 8.5 L24 16 L11.5 23.5 Z" fill="url(#cinefold-logo-gradient)" />
    </chakra.svg>
  );
}

/** The Cinefold mark and wordmark, linking home. */
export function Logo() {
  return (
    <HStack asChild gap="2.5" flexShrink={0} borderRadius="md" focusVisibleRing="outside">
      <Link to={href('home')} aria-label={`${siteName} home`}>
        <LogoMark />
        <chakra.span
          textStyle="display"
          fontSize={{ base: 'xl', md: '2xl' }}
          letterSpacing="0.06em"
          lineHeight="1"
          color="fg"
        >
          Cine
          <chakra.span
            bgGradient="to-r"
            gradientFrom="amber.400"
            gradientTo="brand.500"
            bgClip="text"
            color="transparent"
          >
            fold
          </chakra.span>
        </chakra.span>
      </Link>
    </HStack>
  );
}
