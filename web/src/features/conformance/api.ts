/** Calls of "Test my sender": arm, list, read and disarm conformance runs. */
import type { ArmRunInput, ConformanceReport, ConformanceRun } from '../../../../shared/conformance';
import { http } from '../../lib/http';

export const armRun = (input: ArmRunInput) => http.post<ConformanceRun>('/api/conformance/runs', input);

export const listRuns = () => http.get<{ runs: ConformanceRun[] }>('/api/conformance/runs');

export const getReport = (id: number) => http.get<ConformanceReport>(`/api/conformance/runs/${id}`);

export const disarmRun = (id: number) => http.delete<ConformanceReport>(`/api/conformance/runs/${id}`);
