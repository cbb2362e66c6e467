/**
 * Signing secrets a person chose to keep for this tab, one per scheme, in sessionStorage: gone when the tab
 * closes, never sent anywhere.
 */
import type { Scheme } from '../../../../../shared/signatures/schemes';

const keyOf = (scheme: Scheme): string => `hookbay.signingSecret.${scheme}`;

export function rememberedSecret(scheme: Scheme): string | null {
  try {
    return sessionStorage.getItem(keyOf(scheme));
  } catch {
    return null; // storage blocked by the browser: nothing remembered
  }
}

/** Keeps `secret` for the scheme, or forgets it when `secret` is null. */
export function rememberSecret(scheme: Scheme, secret: string | null): void {
  try {
    if (secret === null) sessionStorage.removeItem(keyOf(scheme));
    else sessionStorage.setItem(keyOf(scheme), secret);
  } catch {
    // Storage blocked: the secret simply is not remembered.
  }
}
