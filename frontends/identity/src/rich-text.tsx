import { Fragment, type ReactNode } from 'react';
import type { MessageValues } from '@portal/i18n/messages.ts';
import type { MessageId } from './i18n.ts';

const MARK = '\u0001';

/**
 * One whole message with elements in its placeholders ('We sent a code to {email}.' with the
 * address in <strong>): the sentence stays one catalog message, its order the language's.
 */
export const richText = (
  t: (id: MessageId, values?: MessageValues) => string,
  id: MessageId,
  nodes: Readonly<Record<string, ReactNode>>,
  values: MessageValues = {},
): ReactNode => {
  const names = Object.keys(nodes);
  const marked: Record<string, string | number> = { ...values };
  names.forEach((name, index) => {
    marked[name] = `${MARK}${index}${MARK}`;
  });
  const parts = t(id, marked).split(new RegExp(`${MARK}(\\d+)${MARK}`));
  return parts.map((part, index) =>
    index % 2 === 1 ? <Fragment key={index}>{nodes[names[Number(part)] ?? '']}</Fragment> : part === '' ? null : <Fragment key={index}>{part}</Fragment>,
  );
};
