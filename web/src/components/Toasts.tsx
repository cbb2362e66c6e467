// The unstyled build with the stylesheet as a file: the default build injects a <style> element,
// which the pages' Content-Security-Policy refuses.
import { ToastContainer } from 'react-toastify/unstyled';
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
