/** Toast helpers with the product's timings: 5000 ms by default, copy toasts 2000 ms, click toasts 3000 ms. */
import { toast } from 'react-toastify/unstyled';

export const TOAST_DEFAULT_MS = 5000;
export const TOAST_COPY_MS = 2000;
export const TOAST_CLICK_MS = 3000;

export const notify = {
  success: (message: string, autoClose = TOAST_DEFAULT_MS) => toast.success(message, { autoClose }),
  error: (message: string, autoClose = TOAST_DEFAULT_MS) => toast.error(message, { autoClose }),
  info: (message: string, autoClose = TOAST_DEFAULT_MS) => toast.info(message, { autoClose }),
};
