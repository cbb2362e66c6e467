/**
 * "Forward to your machine": folded, one line saying what it is for; unfolded, the
 * `hookbay forward` commands for this session, each with a copy button, so a local app gets every
 * captured request as it arrives.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { CopyButton } from '../../../components/CopyButton';
import { apiBase } from '../../../lib/http';
import { forwardCommands } from './commands';

/** `isPrivate`: the forwarder then needs a key, and the card says how to give it one. */
export function ForwardCard({ sessionId, isPrivate = false }: { sessionId: string; isPrivate?: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Card className="mb-3 shadow-sm" as="section" aria-labelledby="forward-title">
      <Card.Body className="py-2">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id="forward-title" className="fs-6 fw-semibold mb-0">
            Forward to your machine
          </h2>
          <span className="small text-body-secondary">Send each request to your local app</span>
          <Button
            variant="outline-secondary"
            size="sm"
            className="ms-auto"
            aria-expanded={isOpen}
            aria-controls="forward-body"
            onClick={() => setIsOpen(!isOpen)}
          >
            {isOpen ? 'Hide' : 'Show commands'}
          </Button>
        </div>
        {isOpen && (
          <div id="forward-body" className="mt-3">
            <p className="small text-body-secondary mb-2">
              Every request sent to your webhook URL is also sent to your local app, headers and body
              unchanged (signatures still check out). Change the <code>--to</code> address to your app&apos;s.
            </p>
            {isPrivate && (
              <p className="small mb-2">
                This inspector is private: make a key under Access (New key for scripts) and set{' '}
                <code>HOOKBAY_KEY</code> to it before running, or add <code>--key &lt;key&gt;</code>.
              </p>
            )}
            <dl className="mb-0 small">
              {forwardCommands(apiBase, sessionId).map(({ label, command }) => (
                <div key={label} className="mb-2">
                  <dt className="fw-normal text-body-secondary">{label}</dt>
                  <dd className="d-flex align-items-center gap-2 mb-0">
                    <code className="text-truncate flex-grow-1" style={{ minWidth: 0 }} title={command}>
                      {command}
                    </code>
                    <span className="flex-shrink-0 text-nowrap">
                      <CopyButton
                        text={command}
                        label="Copy command"
                        variant="outline-secondary"
                        successMessage="Command copied to clipboard"
                      />
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
