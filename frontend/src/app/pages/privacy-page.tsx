import { InfoPage } from '../../components/ui/info-page';
import { siteName } from '../../config/site';
import { LegalDocument } from '../../features/legal/components/legal-document';
import { privacySections } from '../../features/legal/privacy-sections';

const description =
  'What Cinefold collects, how it is used, cookieless visitor counting, and your rights over your data.';

/** /privacy */
export function PrivacyPage() {
  return (
    <>
      <title>{`Privacy Policy · ${siteName}`}</title>
      <meta name="description" content={description} />
      <InfoPage eyebrow="Legal" heading="Privacy Policy" description={description}>
        <LegalDocument sections={privacySections} />
      </InfoPage>
    </>
  );
}
