import type { Language } from '@scentia/shared/locales';
import { App, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import ptBR from 'antd/es/locale/pt_BR';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';
import { appTheme } from '../lib/theme.ts';
import { useReducedMotion } from '../lib/use-reduced-motion.ts';
import { useAntdLabels } from './antd-labels.ts';
import { useDialogTabWrap } from './dialog-tab-wrap.ts';

const ANTD_LOCALES: Record<Language, Locale> = { 'pt-BR': ptBR, 'en-US': enUS, 'es-ES': esES };

/**
 * Ant Design with the Scentia theme, in the current language. It wraps the signed-in area (and
 * the rare antd dialog of a public page) rather than the whole app: the public pages are built
 * without antd so the login page stays within its JavaScript budget.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  // Subscribing re-renders this subtree on every language change.
  const { t } = useTranslation();
  const language = currentLanguage();
  useAntdLabels(t, language);
  useDialogTabWrap();
  // People who asked their system for less motion get dialogs and menus without animation.
  const isMotionReduced = useReducedMotion();
  const theme = useMemo(
    () => (isMotionReduced ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme),
    [isMotionReduced],
  );
  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme}>
      {/* App gives dialogs and messages opened through App.useApp() the theme and the language, and
          keeps them on screen across navigation (a save's message outlives the form page). */}
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
