/** One input and a Shorten button above the list; Enter submits and the input clears on success. */
import { useState, type FormEvent } from 'react';
import { Button, Form, InputGroup, Spinner } from 'react-bootstrap';
import { messages } from '../messages';

interface QuickAddFormProps {
  isBusy: boolean;
  /** Resolves true when the URL was added. */
  onSubmit: (url: string) => Promise<boolean>;
}

export function QuickAddForm({ isBusy, onSubmit }: QuickAddFormProps) {
  const [value, setValue] = useState('');
  const isEmpty = value.trim() === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isEmpty || isBusy) return;
    if (await onSubmit(value)) setValue('');
  }

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <InputGroup>
        <Form.Control
          type="url"
          value={value}
          placeholder={messages.quickAddPlaceholder}
          aria-label={messages.quickAddLabel}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
        />
        <Button type="submit" variant="primary" disabled={isEmpty || isBusy}>
          {isBusy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {messages.shorten}
        </Button>
      </InputGroup>
    </Form>
  );
}
