/** The inspector's name: loaded once, changed through the API, with the server's refusal kept to show. */
import { useCallback, useEffect, useState } from 'react';
import { inspectorNameProblem } from '../../../../shared/inspectors';
import { notify } from '../../components/toasts';
import { messageOf } from '../../lib/http';
import { getName, setName } from './api';
import { inspectorMessages as text } from './messages';
import { announceRename, useRenames } from './renames';

export interface InspectorNameView {
  /** undefined while loading. */
  name: string | null | undefined;
  loadFailed: boolean;
  isSaving: boolean;
  /** Why the last save was refused (a rule broken, the name taken), or null. */
  problem: string | null;
  save(name: string | null): Promise<void>;
}

export function useInspectorName(sessionId: string): InspectorNameView {
  const [name, setStored] = useState<string | null | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    getName().then(
      (answer) => isCurrent && setStored(answer.name),
      () => isCurrent && setLoadFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [sessionId]);

  // Renamed from the switcher.
  useRenames((rename) => {
    if (rename.sessionId === sessionId) setStored(rename.name);
  });

  const save = useCallback(
    async (wanted: string | null) => {
      const local = wanted === null ? null : inspectorNameProblem(wanted);
      setProblem(local);
      if (local) return;
      setIsSaving(true);
      try {
        const answer = await setName(wanted);
        setStored(answer.name);
        announceRename({ sessionId, name: answer.name });
        notify.success(answer.name === null ? text.removed : text.saved(answer.name));
      } catch (error) {
        setProblem(messageOf(error, text.saveFailed).replace(/^name: /, ''));
      } finally {
        setIsSaving(false);
      }
    },
    [sessionId],
  );

  return { name, loadFailed, isSaving, problem, save };
}
