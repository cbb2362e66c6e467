import Dropdown from 'react-bootstrap/Dropdown';
import DropdownButton from 'react-bootstrap/DropdownButton';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { notify, TOAST_COPY_MS } from '../../../components/toasts';
import { messages } from '../messages';
import { toFetch } from './fetch';
import { toHttpie } from './httpie';
import { snippetMessages as text } from './messages';
import { toPython } from './python';

type Snippet = (event: WebhookEvent, webhookUrl: string, bodyDownloadUrl?: string) => string;

const SNIPPETS: [label: string, build: Snippet][] = [
  [text.httpie, toHttpie],
  [text.fetch, toFetch],
  [text.python, toPython],
];

interface CopyAsMenuProps {
  event: WebhookEvent;
  webhookUrl: string;
  bodyDownloadUrl: string;
}

/** Copies the request as code in another language, beside "Copy as cURL". */
export function CopyAsMenu({ event, webhookUrl, bodyDownloadUrl }: CopyAsMenuProps) {
  async function handleCopy(label: string, build: Snippet) {
    try {
      // Built on click: a large body makes the snippet expensive, and most requests are never copied.
      await navigator.clipboard.writeText(build(event, webhookUrl, bodyDownloadUrl));
      notify.success(text.copied(label), TOAST_COPY_MS);
    } catch {
      notify.error(messages.copyFailed, TOAST_COPY_MS);
    }
  }
  return (
    <DropdownButton size="sm" variant="outline-primary" title={text.menu} align="end">
      {SNIPPETS.map(([label, build]) => (
        <Dropdown.Item key={label} as="button" onClick={() => void handleCopy(label, build)}>
          {label}
        </Dropdown.Item>
      ))}
    </DropdownButton>
  );
}
