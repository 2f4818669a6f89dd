import { formatMessage, type MessageParam } from '@wings/contracts';
import { currentLanguage } from '../app/i18n';

/** A rule's or a reply's message key (`packages/contracts` messages.ts) in the console's language. */
export function ruleMessage(issue: { key: string; params?: Readonly<Record<string, MessageParam>> }): string {
  return formatMessage(issue.key, currentLanguage(), issue.params ?? {});
}
