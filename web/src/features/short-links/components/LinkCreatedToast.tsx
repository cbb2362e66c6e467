/** The toast a new short link gets: the product's success text, the short URL itself and a Copy button. */
import { CopyButton } from '../../../components/CopyButton';
import { notify } from '../../../components/toasts';
import { messages } from '../messages';

function LinkCreatedToast({ shortUrl }: { shortUrl: string }) {
  return (
    <div className="d-flex flex-column gap-1">
      <span>{messages.added}</span>
      {/* The whole URL, wrapped if need be: it is what the person came for. */}
      <span className="d-flex align-items-center gap-2">
        <code className="text-break">{shortUrl}</code>
        <span className="flex-shrink-0">
          <CopyButton
            text={shortUrl}
            successMessage={messages.shortCopied}
            failureMessage={messages.copyFailed}
          />
        </span>
      </span>
    </div>
  );
}

/** Says the link was made and offers its short URL for copying right there. */
export function notifyLinkCreated(shortUrl: string): void {
  notify.success(<LinkCreatedToast shortUrl={shortUrl} />);
}
