import { useCallback, useState } from 'react';
import { messageOf } from './http';

/**
 * A drawer form's saving: whether it is under way (to disable submit), and what went wrong, in the
 * server's words or `failedText` when it gave none, for the form's FormFooter to show.
 */
export function useFormSave(failedText: string) {
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const save = useCallback(
    async (run: () => Promise<void>) => {
      setIsSaving(true);
      try {
        await run();
      } catch (error) {
        setProblem(messageOf(error, failedText));
      } finally {
        setIsSaving(false);
      }
    },
    [failedText],
  );
  return { problem, setProblem, isSaving, save };
}
