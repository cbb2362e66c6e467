import { useEffect } from 'react';
import { TOOLKIT_NAME } from '../app/paths';

/** Sets the browser tab title to `${title} – Hookbay` while the calling page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} – ${TOOLKIT_NAME}`;
  }, [title]);
}
