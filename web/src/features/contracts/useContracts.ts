import type { Contract } from '../../../../shared/contracts';
import { useSessionList, type SessionList } from '../../lib/useSessionList';
import { listContracts } from './api';

export type ContractsView = SessionList<Contract>;

/** The session's contracts, loaded once and again after each change. */
export function useContracts(sessionId: string): ContractsView {
  return useSessionList(sessionId, listContracts);
}
