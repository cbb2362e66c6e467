import type { SigningSecret } from '../../../../shared/signing-secrets';
import { useSessionList, type SessionList } from '../../lib/useSessionList';
import { listSecrets } from './api';

export type SigningSecretsView = SessionList<SigningSecret>;

/** The session's signing secrets, loaded once and again after each change. */
export function useSigningSecrets(sessionId: string): SigningSecretsView {
  return useSessionList(sessionId, listSecrets);
}
