import type { Language } from '@scentia/shared/locales';
import { enUS } from './messages.en-US.ts';
import { esES } from './messages.es-ES.ts';
import { type MessageKey, ptBR } from './messages.pt-BR.ts';

export type { MessageKey };

const catalogs: Record<Language, Record<MessageKey, string>> = {
  'pt-BR': ptBR,
  'en-US': enUS,
  'es-ES': esES,
};

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(ptBR, key);
}

/** Looks a message up in the language's catalog and fills `{{name}}` placeholders. */
export function translate(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = catalogs[language][key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
