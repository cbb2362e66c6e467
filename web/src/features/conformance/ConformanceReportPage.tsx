/** A sender test's report, on a page of its own: status, summary and every check; live while armed. */
import { useParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { LoadingStatus } from '../../components/LoadingStatus';
import { PageContainer } from '../../components/PageContainer';
import { usePageTitle } from '../../pages/usePageTitle';
import { SessionGate } from '../../session/SessionGate';
import { CheckList } from './CheckList';
import { conformanceMessages as text } from './messages';
import { failureText, timeLeft } from './time-left';
import { useNow } from './useNow';
import { useReport } from './useReport';

function ReportScreen({ runId }: { runId: number }) {
  const { report, failed } = useReport(runId);
  const now = useNow(report?.status === 'armed');
  if (!report) {
    return failed ? <p className="text-danger">{text.loadFailed}</p> : <LoadingStatus text={text.loading} />;
  }
  const { run, summary } = report;
  return (
    <>
      <p className="text-body-secondary mb-1">
        {run.path} · {text.failFirstLabel.toLowerCase()}: {run.failFirst} · {failureText(run.failWith)}
      </p>
      <p role="status" className="fw-semibold" data-testid="report-status">
        {report.status === 'armed' ? text.statusArmed(timeLeft(run.endsAt, now)) : text.statusFinished}
      </p>
      <p data-testid="report-summary">
        {text.summary(summary.pass, summary.warn, summary.fail, summary.messages, summary.deliveries)}
      </p>
      <CheckList checks={report.checks} />
    </>
  );
}

export function ConformanceReportPage() {
  const { runId } = useParams();
  const id = Number(runId);
  usePageTitle(text.reportTitle(id));
  return (
    <PageContainer>
      <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{text.reportTitle(id)}</h1>
        <Link to={paths.webhook}>{text.backToInspector}</Link>
      </div>
      <SessionGate>{() => <ReportScreen key={id} runId={id} />}</SessionGate>
    </PageContainer>
  );
}
