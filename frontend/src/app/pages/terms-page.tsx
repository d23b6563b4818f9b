import { sitePageHead } from '@cinefold/contracts';
import { InfoPage } from '../../components/ui/info-page';
import { SitePageHead } from '../../components/ui/site-page-head';
import { LegalDocument } from '../../features/legal/components/legal-document';
import { termsSections } from '../../features/legal/terms-sections';

const { description } = sitePageHead('terms');

/** /terms */
export function TermsPage() {
  return (
    <>
      <SitePageHead page="terms" />
      <InfoPage eyebrow="Legal" heading="Terms of Service" description={description}>
        <LegalDocument sections={termsSections} />
      </InfoPage>
    </>
  );
}
