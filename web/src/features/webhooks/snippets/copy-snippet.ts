/** Every "copy as code" snippet, and the one way each is copied: built on click, then a toast. */
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { notify, TOAST_COPY_MS } from '../../../components/toasts';
import { toCurl } from '../curl';
import { messages } from '../messages';
import { toFetch } from './fetch';
import { toHttpie } from './httpie';
import { snippetMessages as text } from './messages';
import { toPython } from './python';

export type Snippet = (event: WebhookEvent, webhookUrl: string, bodyDownloadUrl?: string) => string;

export interface SnippetKind {
  label: string;
  build: Snippet;
  /** The toast once it is on the clipboard. */
  copied: string;
}

const inMenu = (label: string, build: Snippet): SnippetKind => ({ label, build, copied: text.copied(label) });

const SNIPPETS: readonly [SnippetKind, ...SnippetKind[]] = [
  { label: text.curl, build: toCurl, copied: messages.curlCopied },
  inMenu(text.httpie, toHttpie),
  inMenu(text.fetch, toFetch),
  inMenu(text.python, toPython),
];

/** cURL has a button of its own beside the "Copy as" menu, which lists the others. */
export const [CURL_SNIPPET, ...MENU_SNIPPETS] = SNIPPETS;

/** Puts `snippet` for `event` on the clipboard and says so, or says that copying failed. */
export async function copySnippet(
  snippet: SnippetKind,
  event: WebhookEvent,
  webhookUrl: string,
  bodyDownloadUrl: string,
): Promise<void> {
  try {
    // Built on click: a large body makes a snippet expensive, and most requests are never copied.
    await navigator.clipboard.writeText(snippet.build(event, webhookUrl, bodyDownloadUrl));
    notify.success(snippet.copied, TOAST_COPY_MS);
  } catch {
    notify.error(messages.copyFailed, TOAST_COPY_MS);
  }
}
