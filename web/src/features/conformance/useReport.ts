import { useEffect, useState } from 'react';
import type { ConformanceReport } from '../../../../shared/conformance';
import { getReport } from './api';

/** Asked again this often while the run is armed, so the report follows the sender live. */
export const REPORT_POLL_MS = 2000;

/** A run's report, kept fresh while the run is armed; `failed` when it could not be loaded. */
export function useReport(runId: number) {
  const [report, setReport] = useState<ConformanceReport | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      getReport(runId).then(
        (answer) => {
          if (!isCurrent) return;
          setReport(answer);
          setFailed(false);
          if (answer.status === 'armed') timer = setTimeout(load, REPORT_POLL_MS);
        },
        () => isCurrent && setFailed(true),
      );
    };
    load();
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [runId]);
  return { report, failed };
}
