import type { Language } from '@scentia/shared/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';

const DAYJS_LOCALES: Record<Language, string> = { 'pt-BR': 'pt-br', 'en-US': 'en', 'es-ES': 'es' };

/**
 * Dates (and antd's date pickers) follow the chosen language. Only signed-in pages show dates, so
 * dayjs and its locales load with the admin shell rather than with the login page.
 */
export function useDayjsLocale(): void {
  useTranslation();
  const language = currentLanguage();
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[language]);
  }, [language]);
}
