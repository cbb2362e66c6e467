import Dropdown from 'react-bootstrap/Dropdown';
import DropdownButton from 'react-bootstrap/DropdownButton';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { copySnippet, MENU_SNIPPETS } from './copy-snippet';
import { snippetMessages as text } from './messages';

interface CopyAsMenuProps {
  event: WebhookEvent;
  webhookUrl: string;
  bodyDownloadUrl: string;
}

/** Copies the request as code in another language, beside "Copy as cURL". */
export function CopyAsMenu({ event, webhookUrl, bodyDownloadUrl }: CopyAsMenuProps) {
  return (
    <DropdownButton size="sm" variant="outline-primary" title={text.menu} align="end">
      {MENU_SNIPPETS.map((snippet) => (
        <Dropdown.Item
          key={snippet.label}
          as="button"
          onClick={() => void copySnippet(snippet, event, webhookUrl, bodyDownloadUrl)}
        >
          {snippet.label}
        </Dropdown.Item>
      ))}
    </DropdownButton>
  );
}
