/** The inspector's lifetime, cap and CORS switch: loaded once, changed through the API, a refusal kept to show. */
import { useCallback, useEffect, useState } from 'react';
import type { InspectorSettings, InspectorSettingsChange } from '../../../../shared/inspectors';
import { notify } from '../../components/toasts';
import { messageOf } from '../../lib/http';
import { changeSettings, getSettings } from './api';
import { inspectorMessages as text } from './messages';

export interface InspectorSettingsView {
  /** undefined while loading. */
  settings: InspectorSettings | undefined;
  loadFailed: boolean;
  isSaving: boolean;
  /** Why the last save was refused, or null. */
  problem: string | null;
  /** Shows a refusal found before sending. */
  refuse(problem: string): void;
  save(change: InspectorSettingsChange): Promise<void>;
}

export function useInspectorSettings(sessionId: string): InspectorSettingsView {
  const [settings, setSettings] = useState<InspectorSettings | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    getSettings().then(
      (answer) => isCurrent && setSettings(answer),
      () => isCurrent && setLoadFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [sessionId]);

  const save = useCallback(async (change: InspectorSettingsChange) => {
    setProblem(null);
    setIsSaving(true);
    try {
      setSettings(await changeSettings(change));
      notify.success(text.settingsSaved);
    } catch (error) {
      setProblem(messageOf(error, text.settingsFailed));
    } finally {
      setIsSaving(false);
    }
  }, []);

  return { settings, loadFailed, isSaving, problem, refuse: setProblem, save };
}
