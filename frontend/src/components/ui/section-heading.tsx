import { Heading, type HeadingProps } from '@chakra-ui/react';

/** The site's section heading: condensed capitals behind a short red-to-amber bar. */
export function SectionHeading(props: HeadingProps) {
  return (
    <Heading
      as="h2"
      fontFamily="heading"
      fontWeight="600"
      fontSize={{ base: '2xl', md: '3xl' }}
      textTransform="uppercase"
      letterSpacing="0.03em"
      position="relative"
      ps="3.5"
      _before={{
        content: '""',
        position: 'absolute',
        left: '0',
        top: '15%',
        bottom: '15%',
        w: '4px',
        borderRadius: 'full',
        bgGradient: 'to-b',
        gradientFrom: 'amber.400',
        gradientTo: 'brand.600',
      }}
      {...props}
    />
  );
}
