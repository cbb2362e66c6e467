/** Toast helpers with the product's timings: 5000 ms by default, copy toasts 2000 ms, click toasts 3000 ms. */
import type { ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_COPY_MS = 2000;
export const TOAST_CLICK_MS = 3000;

export const notify = {
  /** A text, or a small piece of page (e.g. a new short URL with its Copy button). */
  success: (message: ReactNode, autoClose = TOAST_DEFAULT_MS) => toast.success(message, { autoClose }),
  error: (message: string, autoClose = TOAST_DEFAULT_MS) => toast.error(message, { autoClose }),
  info: (message: string, autoClose = TOAST_DEFAULT_MS) => toast.info(message, { autoClose }),
};
