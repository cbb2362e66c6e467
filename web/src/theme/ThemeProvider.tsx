import { createContext, useCallback, useEffect, useState, type ReactNode } from 'react';
import { getStoredTheme, storeTheme, type Theme } from '../lib/storage';

export interface ThemeState {
  theme: Theme;
  toggleTheme: () => void;
}

export const ThemeContext = createContext<ThemeState | null>(null);

/** Starts from the saved theme (light by default); every change is saved and set as data-bs-theme. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(getStoredTheme);
  useEffect(() => {
    document.documentElement.setAttribute('data-bs-theme', theme);
    storeTheme(theme);
  }, [theme]);
  const toggleTheme = useCallback(() => setTheme((current) => (current === 'light' ? 'dark' : 'light')), []);
  return <ThemeContext.Provider value={{ theme, toggleTheme }}>{children}</ThemeContext.Provider>;
}
