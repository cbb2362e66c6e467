/**
 * The template code the server runs, loaded when first needed: it is a template engine of its own,
 * so pages that never open the rule editor do not download it. Null until it has loaded.
 */
import { useEffect, useState } from 'react';
import type { TemplatesModule } from './preview';

let loading: Promise<TemplatesModule> | null = null;

export function useResponseTemplates(): TemplatesModule | null {
  const [templates, setTemplates] = useState<TemplatesModule | null>(null);
  useEffect(() => {
    let isCurrent = true;
    loading ??= import('../../../../../shared/response-templates');
    loading.then(
      (module) => {
        if (isCurrent) setTemplates(module);
      },
      () => {
        // A failed download may succeed next time the editor opens.
        loading = null;
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return templates;
}
