import type { RouteObject } from 'react-router-dom';
import { AboutPage } from '../pages/AboutPage';
import { CronSchedulerPage, RequestParserPage } from '../pages/ComingSoonPage';
import { LandingPage } from '../pages/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PrivacyPage } from '../pages/PrivacyPage';
import { TermsPage } from '../pages/TermsPage';
import { AccessCard } from '../features/access/AccessCard';
import { ContractsControl } from '../features/contracts/ContractsControl';
import { ConformanceControl } from '../features/conformance/ConformanceControl';
import { ConformanceReportPage } from '../features/conformance/ConformanceReportPage';
import { AdminPage } from '../features/admin/AdminPage';
import { InspectorSwitcher } from '../features/inspectors/InspectorSwitcher';
import { SettingsControl } from '../features/inspectors/SettingsControl';
import { LinkBulkTools } from '../features/link-bulk/LinkBulkTools';
import { LinkHistory } from '../features/link-history/LinkHistory';
import { BrokenMark } from '../features/link-checks/BrokenMark';
import { LinkCheckCard } from '../features/link-checks/LinkCheckCard';
import { LinkQrCard } from '../features/link-qr/LinkQrCard';
import { LinkShareCard } from '../features/link-shares/LinkShareCard';
import { SharedLinkPage } from '../features/link-shares/SharedLinkPage';
import { RelayAttempts } from '../features/relays/RelayAttempts';
import { RelaysControl } from '../features/relays/RelaysControl';
import { SignaturesControl } from '../features/signing-secrets/SignaturesControl';
import { SuggestionsPage } from '../features/suggestions/SuggestionsPage';
import { UrlAnalyticsPage } from '../features/short-links/UrlAnalyticsPage';
import { UrlShortenerPage, type ShortenerSlots } from '../features/short-links/UrlShortenerPage';
import { LinkWebhooksSummary } from '../features/link-webhooks/LinkWebhooksSummary';
import { WebhooksButton } from '../features/link-webhooks/WebhooksButton';
import { ShareControl } from '../features/shares/ShareControl';
import { SharedPage } from '../features/shares/SharedPage';
import { WebhookPage } from '../features/webhooks/WebhookPage';
import { Layout } from './layout/Layout';
import { paths } from './paths';

const shortenerSlots: ShortenerSlots = {
  headerActions: (selected) => <WebhooksButton selectedLinkId={selected?.id ?? null} />,
  linkPanel: (url) => (
    <>
      <LinkHistory link={url} />
      <LinkWebhooksSummary linkId={url.id} />
      <LinkCheckCard link={url} />
      <LinkQrCard linkId={url.id} />
      <LinkShareCard link={url} />
    </>
  ),
  tools: (onChanged) => <LinkBulkTools onImported={onChanged} />,
  listMarker: (url) => <BrokenMark url={url} />,
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        path: paths.webhook,
        element: (
          <WebhookPage
            accessPanel={(sessionId) => <AccessCard sessionId={sessionId} />}
            contractsControl={(slot) => <ContractsControl {...slot} />}
            signaturesControl={(slot) => <SignaturesControl {...slot} />}
            relaysControl={(sessionId) => <RelaysControl sessionId={sessionId} />}
            relayAttempts={(eventId) => <RelayAttempts key={eventId} eventId={eventId} />}
            senderTest={() => <ConformanceControl />}
            inspectorSwitcher={(sessionId) => <InspectorSwitcher sessionId={sessionId} />}
            inspectorTools={(sessionId) => <SettingsControl sessionId={sessionId} />}
            shareControl={(sessionId, selectedEventId, fullAccess) => (
              <ShareControl sessionId={sessionId} selectedEventId={selectedEventId} fullAccess={fullAccess} />
            )}
          />
        ),
      },
      { path: paths.sharedPattern, element: <SharedPage /> },
      { path: paths.sharedLinkPattern, element: <SharedLinkPage /> },
      { path: paths.conformancePattern, element: <ConformanceReportPage /> },
      { path: paths.urlShortener, element: <UrlShortenerPage {...shortenerSlots} /> },
      { path: paths.urlShortenerAlias, element: <UrlShortenerPage {...shortenerSlots} /> },
      { path: paths.urlAnalyticsPattern, element: <UrlAnalyticsPage /> },
      { path: paths.suggestions, element: <SuggestionsPage /> },
      { path: paths.adminPattern, element: <AdminPage /> },
      { path: paths.cronScheduler, element: <CronSchedulerPage /> },
      { path: paths.requestParser, element: <RequestParserPage /> },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
