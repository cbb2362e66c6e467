/**
 * "Make a rule" in a request's details: one click opens the rule editor filled in from the
 * request (its method, path and the answer it got), saved like any rule in the Response drawer.
 * A shared link's viewer does not change rules, so it is not offered there.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { WebhookEvent } from '../../../../../shared/webhooks';
import { useSession } from '../../../session/useSession';
import { draftFromEvent, sampleOf } from './from-request';
import { responseMessages as text } from './messages';
import { RuleEditorModal } from './RuleEditorModal';
import { putRule } from './rules-list';
import { useResponseRules } from './useResponseRules';

export function MakeRuleButton({ event, sessionId }: { event: WebhookEvent; sessionId: string }) {
  const { isShared } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  if (isShared) return null;
  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setIsOpen(true)}>
        {text.makeRule}
      </Button>
      {isOpen && <RuleFromRequest event={event} sessionId={sessionId} onClose={() => setIsOpen(false)} />}
    </>
  );
}

function RuleFromRequest({
  event,
  sessionId,
  onClose,
}: {
  event: WebhookEvent;
  sessionId: string;
  onClose: () => void;
}) {
  const view = useResponseRules(sessionId);
  // The answer a rule gave is read from the saved rules, so the editor waits for them.
  if (view.isLoading) return null;
  return (
    <RuleEditorModal
      position={null}
      initial={draftFromEvent(event, view.rules)}
      initialSample={sampleOf(event)}
      onCancel={onClose}
      onSave={async (rule) => {
        const problem = await view.save(putRule(view.rules, null, rule));
        if (problem === null) onClose();
        return problem;
      }}
    />
  );
}
