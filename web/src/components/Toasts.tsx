import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { useTheme } from '../theme/useTheme';
import { TOAST_DEFAULT_MS } from './toasts';

export function Toasts() {
  const { theme } = useTheme();
  return <ToastContainer position="bottom-right" autoClose={TOAST_DEFAULT_MS} theme={theme} newestOnTop />;
}
