import type { RouteObject } from 'react-router-dom';
import { AboutPage } from '../pages/AboutPage';
import { CronSchedulerPage, RequestParserPage } from '../pages/ComingSoonPage';
import { LandingPage } from '../pages/LandingPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PrivacyPage } from '../pages/PrivacyPage';
import { TermsPage } from '../pages/TermsPage';
import { AccessCard } from '../features/access/AccessCard';
import { AdminPage } from '../features/admin/AdminPage';
import { LinkBulkTools } from '../features/link-bulk/LinkBulkTools';
import { SuggestionsPage } from '../features/suggestions/SuggestionsPage';
import { UrlAnalyticsPage } from '../features/short-links/UrlAnalyticsPage';
import { UrlShortenerPage } from '../features/short-links/UrlShortenerPage';
import { WebhookPage } from '../features/webhooks/WebhookPage';
import { Layout } from './layout/Layout';
import { paths } from './paths';

const linkTools = (onChanged: () => void) => <LinkBulkTools onImported={onChanged} />;

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        path: paths.webhook,
        element: <WebhookPage accessPanel={(sessionId) => <AccessCard sessionId={sessionId} />} />,
      },
      { path: paths.urlShortener, element: <UrlShortenerPage tools={linkTools} /> },
      { path: paths.urlShortenerAlias, element: <UrlShortenerPage tools={linkTools} /> },
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
