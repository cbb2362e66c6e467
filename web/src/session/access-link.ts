/**
 * An access link (`{origin}/webhook#key=hbk_…`) hands this browser a key. The key rides in the
 * fragment, which never reaches a server; once stored it leaves the address bar too, so it is
 * neither bookmarked nor shared by accident.
 */
import { keyFromFragment } from '../../../shared/access';
import { storeAccessKey } from '../lib/storage';

/** Stores the key the address carries and removes it from the address bar; true when there was one. */
export function takeAccessLinkKey(): boolean {
  const key = keyFromFragment(window.location.hash);
  if (!key) return false;
  storeAccessKey(key);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
  return true;
}
