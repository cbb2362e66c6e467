/**
 * "Response" in the inspector's header: what the webhook URL answers, in one line
 * ("POST /github/* → 500, 500, 200"), opening the rules in a drawer.
 */
import { DrawerButton } from '../../../components/DrawerButton';
import { responseMessages as text } from './messages';
import { ResponsesPanel } from './ResponsesPanel';
import { rulesSummary } from './rules-list';
import { useResponseRules } from './useResponseRules';

interface ResponsesControlProps {
  sessionId: string;
  isReadOnly?: boolean;
}

export function ResponsesControl({ sessionId, isReadOnly = false }: ResponsesControlProps) {
  const view = useResponseRules(sessionId);
  const summary = view.isLoading || view.loadFailed ? '…' : rulesSummary(view.rules);
  return (
    <DrawerButton label={text.title} summary={summary} title={text.headerTitle(summary)} width="wide">
      {() => <ResponsesPanel view={view} isReadOnly={isReadOnly} />}
    </DrawerButton>
  );
}
