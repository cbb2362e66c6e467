/** One link's analytics (/url-shortener/analytics/:urlId): numbers, charts, QR code, CSV and the click details. */
import { Alert, Col, Row, Spinner } from 'react-bootstrap';
import { useParams } from 'react-router-dom';
import { useState } from 'react';
import type { AnalyticsPeriod, UrlAnalytics } from '../../../../shared/links';
import { paths } from '../../app/paths';
import { PageContainer } from '../../components/PageContainer';
import { messageOf } from '../../lib/http';
import { truncate } from '../../lib/format';
import { LinkButton } from '../../pages/LinkButton';
import { usePageTitle } from '../../pages/usePageTitle';
import { SessionGate } from '../../session/SessionGate';
import { analyticsCsvUrl } from './api';
import { AnalyticsOverview } from './components/AnalyticsOverview';
import { ClicksByDayChart } from './components/ClicksByDayChart';
import { ClickTable } from './components/ClickTable';
import { QrCodeCard } from './components/QrCodeCard';
import { TopCounts } from './components/TopCounts';
import { LinkStateBar } from './components/LinkStateBar';
import { PeriodSelector } from './components/PeriodSelector';
import { deviceLabel, messages } from './messages';
import { useUrlAnalytics } from './useUrlAnalytics';
import { DownloadLink } from '../../components/DownloadLink';
import { RuleClicksCard } from './targeting/RuleClicksCard';
import { VariantClicksCard } from './splits/VariantClicksCard';

const TITLE_URL_MAX = 50;
const DEFAULT_PERIOD: AnalyticsPeriod = '30d';

export function UrlAnalyticsPage() {
  const { urlId = '' } = useParams<{ urlId: string }>();
  return (
    <PageContainer>
      <SessionGate>
        {(user) => (
          <AnalyticsScreen key={`${user.sessionId}:${urlId}`} urlId={urlId} sessionId={user.sessionId} />
        )}
      </SessionGate>
    </PageContainer>
  );
}

function AnalyticsScreen({ urlId, sessionId }: { urlId: string; sessionId: string }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_PERIOD);
  const query = useUrlAnalytics(urlId, sessionId, period);
  usePageTitle(
    query.data
      ? `${messages.analyticsTitle}: ${truncate(query.data.url, TITLE_URL_MAX)}`
      : messages.analyticsTitle,
  );

  if (query.isPending) {
    return (
      <div className="text-center text-body-secondary py-5" role="status">
        <Spinner animation="border" className="me-2" aria-hidden="true" />
        {messages.loadingAnalytics}
      </div>
    );
  }
  if (query.data) return <AnalyticsView analytics={query.data} period={period} onPeriodChange={setPeriod} />;
  if (query.isError) {
    return (
      <Alert variant="danger">
        <p>{messageOf(query.error, messages.analyticsFailed)}</p>
        <LinkButton to={paths.urlShortener} variant="outline-danger" size="sm">
          {messages.back}
        </LinkButton>
      </Alert>
    );
  }
  return (
    <Alert variant="warning">
      <p>{messages.noAnalytics}</p>
      <LinkButton to={paths.urlShortener} variant="outline-secondary" size="sm">
        {messages.back}
      </LinkButton>
    </Alert>
  );
}

interface AnalyticsViewProps {
  analytics: UrlAnalytics;
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
}

function AnalyticsView({ analytics, period, onPeriodChange }: AnalyticsViewProps) {
  const devices = analytics.byDevice
    .filter((entry) => entry.clicks > 0)
    .map((entry) => ({ name: deviceLabel(entry.name), clicks: entry.clicks }));
  return (
    <div className="d-flex flex-column gap-4">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h1 className="h3 mb-0 text-break" title={analytics.url}>
          {messages.analyticsHeading(truncate(analytics.url, TITLE_URL_MAX))}
        </h1>
        <div className="d-flex gap-2">
          <LinkButton to={paths.urlShortener} variant="outline-secondary">
            {messages.backToShortener}
          </LinkButton>
          <DownloadLink href={analyticsCsvUrl(analytics.id)} className="btn btn-outline-primary">
            {messages.downloadCsv}
          </DownloadLink>
        </div>
      </div>
      <LinkStateBar analytics={analytics} />
      <PeriodSelector period={period} onChange={onPeriodChange} />
      <AnalyticsOverview analytics={analytics} />
      <Row className="g-3">
        <Col lg={8}>
          <ClicksByDayChart byDay={analytics.byDay} period={analytics.period} />
        </Col>
        <Col lg={4}>
          <QrCodeCard id={analytics.id} shortUrl={analytics.shortUrl} />
        </Col>
      </Row>
      <Row className="g-3" xs={1} md={2} xl={5}>
        <Col>
          <TopCounts title={messages.topDevices} counts={devices} />
        </Col>
        <Col>
          <TopCounts title={messages.topCountries} counts={analytics.byCountry} />
        </Col>
        <Col>
          <TopCounts title={messages.topBrowsers} counts={analytics.byBrowser} />
        </Col>
        <Col>
          <TopCounts title={messages.topOs} counts={analytics.byOs} />
        </Col>
        <Col>
          <TopCounts
            title={messages.topReferrers}
            counts={analytics.byReferrer}
            emptyName={messages.direct}
          />
        </Col>
      </Row>
      <RuleClicksCard analytics={analytics} />
      <VariantClicksCard analytics={analytics} />
      <ClickTable clicks={analytics.recentClicks} />
    </div>
  );
}
