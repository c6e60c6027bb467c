import { LegalDocument, type LegalDocumentKind } from './LegalDocument';

/** '/terms' and '/privacy': readable by anyone, before and after registering. */
export function LegalPage({ kind }: { kind: LegalDocumentKind }) {
  return <LegalDocument kind={kind} titleLevel="h1" />;
}

export const TermsPage = () => <LegalPage kind="terms" />;
export const PrivacyPage = () => <LegalPage kind="privacy" />;
