import { href, sitePageHead } from '@cinefold/contracts';
import { Box } from '@chakra-ui/react';
import { InfoPage } from '../../components/ui/info-page';
import { RouterLink } from '../../components/ui/router-link';
import { SitePageHead } from '../../components/ui/site-page-head';
import { ContactForm } from '../../features/support/components/contact-form';
import { panelCardLook } from '../../components/ui/panel-look';

const { description } = sitePageHead('contact');

/** /contact */
export function ContactPage() {
  return (
    <>
      <SitePageHead page="contact" />
      <InfoPage
        eyebrow="Support"
        heading="Contact Us"
        description={
          <>
            {description} The answer may already be in the{' '}
            <RouterLink to={href('helpCenter')} color="brand.fg" fontWeight="semibold">
              Help Center
            </RouterLink>
            .
          </>
        }
      >
        <Box p={{ base: '5', md: '8' }} {...panelCardLook}>
          <ContactForm />
        </Box>
      </InfoPage>
    </>
  );
}
