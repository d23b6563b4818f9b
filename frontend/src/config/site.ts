/** The site's name and words, shared with the gateway (which writes them into the pages it serves). */
export {
  SITE_DESCRIPTION as siteDescription,
  SITE_NAME as siteName,
  SITE_TAGLINE as siteTagline,
} from '@cinefold/contracts';
