/** The "Split traffic" part of the Add and Edit URL forms: the link's own split of the visits no rule takes. */
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { variantLabel } from '../../../../../shared/link-splits';
import { FormSection } from '../components/FormSection';
import { messages } from './messages';
import type { SplitDraft } from './split-form';
import { VariantsEditor } from './VariantsEditor';

interface SplitFieldsProps {
  draft: SplitDraft;
  onChange: (draft: SplitDraft) => void;
}

export function SplitFields({ draft, onChange }: SplitFieldsProps) {
  const [isOpen, setIsOpen] = useState(draft.variants.length > 0);
  return (
    <FormSection title={messages.splitTraffic} isOpen={isOpen} onToggle={() => setIsOpen(!isOpen)}>
      <div className="d-flex flex-column gap-2 pt-2" data-testid="split-fields">
        <Form.Text className="mt-0">{messages.splitHelp}</Form.Text>
        <VariantsEditor
          draft={draft}
          onChange={onChange}
          startLabel={messages.startSplit}
          labelOf={variantLabel}
          stickyId="url-form-split-sticky"
        />
      </div>
    </FormSection>
  );
}
