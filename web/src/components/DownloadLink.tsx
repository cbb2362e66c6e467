import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { downloadFile } from '../lib/download';
import { activeAccessKey, messageOf } from '../lib/http';
import { notify } from './toasts';

const DOWNLOAD_FAILED = 'The download failed. Please try again.';

type DownloadLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/**
 * A link that downloads a file of the API. While this browser holds a key (a private inspector),
 * a click fetches the file with the key instead, since a plain link could not send it.
 */
export function DownloadLink({ href, children, ...rest }: DownloadLinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!activeAccessKey()) return;
    event.preventDefault();
    downloadFile(href).catch((error: unknown) => notify.error(messageOf(error, DOWNLOAD_FAILED)));
  }
  return (
    <a href={href} download {...rest} onClick={handleClick}>
      {children}
    </a>
  );
}
