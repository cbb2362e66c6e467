import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { useTheme } from '../theme/useTheme';
import { TOAST_DEFAULT_MS } from './toasts';

export function Toasts() {
  const { theme } = useTheme();
  // Toasts keep counting down when the window loses focus (e.g. after opening a link in a new
  // tab), so they never pile up over the page.
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_DEFAULT_MS}
      theme={theme}
      newestOnTop
      pauseOnFocusLoss={false}
      limit={4}
    />
  );
}
