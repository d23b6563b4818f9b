import { InfoPage } from '../../components/ui/info-page';
import { siteName } from '../../config/site';
import { LegalDocument } from '../../features/legal/components/legal-document';
import { termsSections } from '../../features/legal/terms-sections';

const description = 'The terms that apply when you use Cinefold: accounts, content, conduct and changes.';

/** /terms */
export function TermsPage() {
  return (
    <>
      <title>{`Terms of Service · ${siteName}`}</title>
      <meta name="description" content={description} />
      <InfoPage eyebrow="Legal" heading="Terms of Service" description={description}>
        <LegalDocument sections={termsSections} />
      </InfoPage>
    </>
  );
}
