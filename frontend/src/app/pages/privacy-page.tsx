import { sitePageHead } from '@cinefold/contracts';
import { InfoPage } from '../../components/ui/info-page';
import { SitePageHead } from '../../components/ui/site-page-head';
import { LegalDocument } from '../../features/legal/components/legal-document';
import { privacySections } from '../../features/legal/privacy-sections';

const { description } = sitePageHead('privacy');

/** /privacy */
export function PrivacyPage() {
  return (
    <>
      <SitePageHead page="privacy" />
      <InfoPage eyebrow="Legal" heading="Privacy Policy" description={description}>
        <LegalDocument sections={privacySections} />
      </InfoPage>
    </>
  );
}
