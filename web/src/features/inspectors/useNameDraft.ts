/**
 * A name being typed: checked here by the shared rules before it is sent, and the server's
 * refusal (the name taken, …) kept to show under the field. An empty field means no name.
 */
import { useState, type FormEvent } from 'react';
import { inspectorNameProblem } from '../../../../shared/inspectors';
import { messageOf } from '../../lib/http';

export interface NameDraft {
  draft: string;
  setDraft(draft: string): void;
  problem: string | null;
  isBusy: boolean;
  submit(event: FormEvent): void;
}

/**
 * `save` gets the trimmed name, or null for an empty field; `fallback` shows when a failure says
 * nothing. With `clearAfterSave` the field is emptied once saved.
 */
export function useNameDraft(
  initial: string,
  save: (name: string | null) => Promise<void>,
  fallback: string,
  clearAfterSave = false,
): NameDraft {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const run = async (name: string | null) => {
    setIsBusy(true);
    try {
      await save(name);
      if (clearAfterSave) setDraft('');
    } catch (error) {
      setProblem(messageOf(error, fallback).replace(/^name: /, ''));
    } finally {
      setIsBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim() || null;
    const local = name === null ? null : inspectorNameProblem(name);
    setProblem(local);
    if (!local) void run(name);
  };
  return { draft, setDraft, problem, isBusy, submit };
}
