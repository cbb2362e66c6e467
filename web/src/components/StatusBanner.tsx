import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';

export const BANNER_MS = 3000;

/** True for banner texts shown in green: those that report success. */
export function isSuccessText(text: string): boolean {
  return text.includes('successfully');
}

/** A status line that clears itself after 3000 ms; green when it reports success, red otherwise. */
export function useStatusBanner(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => setText(''), BANNER_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText];
}

export function StatusBanner({ text }: { text: string }) {
  if (!text) return null;
  return (
    <Alert variant={isSuccessText(text) ? 'success' : 'danger'} role="status">
      {text}
    </Alert>
  );
}
