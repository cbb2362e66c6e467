/**
 * Downloads through the API when a plain link cannot: a link sends no Authorization header, so
 * while this browser opens its session with a key, the file is fetched with it and then saved.
 */
import { apiBase, send } from './http';

/** The file name a Content-Disposition header gives, if any. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? null;
}

/** Fetches `url` (on the API) as this browser's session and saves the answer as a file. */
export async function downloadFile(url: string): Promise<void> {
  const path = url.startsWith(apiBase) ? url.slice(apiBase.length) : url;
  const response = await send(path);
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? 'download';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
}
