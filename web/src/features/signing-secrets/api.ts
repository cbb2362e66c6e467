/** The signing secrets calls, returning the shared types. */
import type {
  NewSigningSecret,
  SigningSecret,
  SigningSecretInput,
  SigningSecretUpdate,
} from '../../../../shared/signing-secrets';
import { http } from '../../lib/http';

const SECRETS_PATH = '/api/signing-secrets';

export async function listSecrets(): Promise<SigningSecret[]> {
  return (await http.get<{ secrets: SigningSecret[] }>(SECRETS_PATH)).secrets;
}

/** The answer holds the secret itself: the only time the server gives it. */
export function addSecret(input: SigningSecretInput): Promise<NewSigningSecret> {
  return http.post<NewSigningSecret>(SECRETS_PATH, input);
}

export function updateSecret(id: string, input: SigningSecretUpdate): Promise<SigningSecret> {
  return http.put<SigningSecret>(`${SECRETS_PATH}/${encodeURIComponent(id)}`, input);
}

export async function deleteSecret(id: string): Promise<void> {
  await http.delete(`${SECRETS_PATH}/${encodeURIComponent(id)}`);
}
